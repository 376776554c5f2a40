/**
 * The signed-in frame: sidebar (wide or narrow; a drawer on small screens), top bar, content.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRuntime, useSession } from '../runtime';
import { useLocation } from '../runtime/router';
import { css, cx, lazyStyles, v } from '../ui';
import { focusableElements } from '../ui/focusable';
import { findRoute, LOGIN_PATH } from './routes';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const SMALL = '(max-width: 900px)';

const styles = lazyStyles(() => ({
  shell: css`display: flex; min-height: 100vh; background: ${v('bg')};`,
  side: css`
    position: sticky; top: 0; height: 100vh; flex-shrink: 0; z-index: 30;
    /* Closed, the drawer is hidden too, not only moved off-screen: its links must not take the
       focus where nobody sees it. It hides once it has slid out. */
    @media ${SMALL} {
      position: fixed; left: 0; top: 0; transform: translateX(-100%); visibility: hidden;
      transition: transform 0.2s ease, visibility 0s linear 0.2s;
    }
  `,
  drawerOpen: css`@media ${SMALL} { transform: none; visibility: visible; transition-delay: 0s; box-shadow: 0 0 40px rgba(0, 0, 0, 0.3); }`,
  scrim: css`position: fixed; inset: 0; background: rgba(17, 24, 39, 0.45); z-index: 25; border: 0; padding: 0;`,
  main: css`flex: 1; min-width: 0; display: flex; flex-direction: column;`,
  content: css`flex: 1; padding: 24px; @media (max-width: 640px) { padding: 16px 12px; }`,
}));

function useSmallScreen(): boolean {
  const query = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(SMALL).matches;
  const [small, setSmall] = useState(query);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(SMALL);
    const onChange = () => setSmall(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return small;
}

export function AppShell({ children }: { children: ReactNode }) {
  const s = styles();
  const runtime = useRuntime();
  const user = useSession((st) => st.user);
  const [path, navigate] = useLocation();
  const small = useSmallScreen();
  const [narrow, setNarrow] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => setDrawerOpen(false), [path]);

  // The drawer covers the button that opened it: the focus moves into the drawer, Escape closes
  // it, and the focus goes back to the button unless the person has moved it elsewhere.
  const sideRef = useRef<HTMLDivElement>(null);
  const drawer = small && drawerOpen;
  useEffect(() => {
    const side = sideRef.current;
    if (!drawer || !side) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusableElements(side)[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    side.addEventListener('keydown', onKeyDown);
    return () => {
      side.removeEventListener('keydown', onKeyDown);
      const active = document.activeElement;
      if (!active || active === document.body || side.contains(active)) opener?.focus();
    };
  }, [drawer]);

  const logout = () => {
    runtime.session.getState().signOut();
    navigate(LOGIN_PATH, { replace: true });
  };
  const title = findRoute(path)?.route.title ?? 'EstateDesk';

  return (
    <div className={s.shell}>
      <div ref={sideRef} className={cx(s.side, drawerOpen && s.drawerOpen)}>
        <Sidebar user={user} narrow={!small && narrow} onLogout={logout} onNavigate={() => setDrawerOpen(false)} />
      </div>
      {small && drawerOpen && <button type="button" className={s.scrim} aria-label="Close navigation" onClick={() => setDrawerOpen(false)} />}
      <div className={s.main}>
        <TopBar
          title={title}
          user={user}
          sidebarNarrow={small ? !drawerOpen : narrow}
          onToggleSidebar={() => (small ? setDrawerOpen((o) => !o) : setNarrow((n) => !n))}
          onLogout={logout}
        />
        <main className={s.content} id="estatedesk-main">
          {children}
        </main>
      </div>
    </div>
  );
}
