/**
 * The full admin app: decides each path's screen with the pure route table (guards included),
 * renders public screens bare and the rest inside the shell, resets scroll on every route change,
 * and sends the user to /login when the session ends.
 */
import { Suspense, useEffect, useMemo } from 'react';
import { useRuntime, useSession } from '../runtime';
import { useLocation } from '../runtime/router';
import { LoadingState } from '../ui';
import { AppShell } from './AppShell';
import FallbackPage from './FallbackPage';
import { decideRoute, LOGIN_PATH } from './routes';
import { lazyWidget } from '../runtime/widget';
import { screenFor } from './screens';
import { ScreenGate } from '../widgets/ScreenGate';

export default function App() {
  const runtime = useRuntime();
  const [path, navigate] = useLocation();
  const token = useSession((s) => s.token);
  const userType = useSession((s) => s.user?.user_type ?? null);
  const decision = useMemo(() => decideRoute(path, { token, userType }), [path, token, userType]);

  useEffect(() => {
    if (decision.kind === 'redirect') navigate(decision.to, { replace: true });
  }, [decision, navigate]);

  // docs/product/screens.md: scroll resets to the top on every route change.
  useEffect(() => {
    if (typeof window !== 'undefined') window.scrollTo(0, 0);
  }, [path]);

  useEffect(() => runtime.events.on('unauthorized', () => navigate(LOGIN_PATH, { replace: true })), [runtime, navigate]);

  useEffect(() => {
    if (decision.kind === 'screen' && typeof document !== 'undefined') document.title = `${decision.route.title} · EstateDesk`;
  }, [decision]);

  if (decision.kind === 'redirect') return null;

  const found = decision.kind === 'screen' ? screenFor(path) : null;
  const Screen = found ? lazyWidget(found.widget).Component : null;
  const content = Screen ? (
    <ScreenGate widget={found!.widget}>
      <Suspense fallback={<LoadingState label="Loading..." />}>
        <Screen {...(decision.kind === 'screen' ? { params: decision.params } : {})} />
      </Suspense>
    </ScreenGate>
  ) : (
    <FallbackPage />
  );

  if (decision.kind === 'screen' && decision.route.access === 'public') return content;
  return <AppShell>{content}</AppShell>;
}
