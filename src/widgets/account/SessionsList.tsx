/**
 * The person's signed-in sessions (device, last seen; this one marked) with "Sign out everywhere
 * else", which ends every other session on the server and keeps this one.
 */
import { useState, type ReactElement } from 'react';
import { PREFERENCE_MESSAGES, type AccountSession } from '../../contract';
import { formatDateAs } from '../../core/preferences';
import { useMutation, useQuery, useToast } from '../../runtime';
import { usePreferences } from '../../runtime/usePreferences';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { accountKeys, useAccountApi } from './accountApi';
import { accountStyles } from './accountStyles';

export const SESSIONS_TEXT = {
  title: 'Where you are signed in',
  hint: 'Devices that used your account recently.',
  loading: 'Loading sessions...',
  failed: 'Your sessions could not be loaded.',
  none: 'No other sessions',
  thisDevice: 'This device',
  signOutOthers: 'Sign out everywhere else',
  signingOut: 'Signing out...',
  confirmTitle: 'Sign out everywhere else?',
  confirmText: 'Every other browser and device signed in as you is signed out now. This one stays signed in.',
  failedSignOut: 'The other sessions could not be signed out. Please try again.',
} as const;

/** "Last seen 05/11/2026, 14:05" in the person's date format. */
export function lastSeenText(session: Pick<AccountSession, 'last_seen_at'>, format: Parameters<typeof formatDateAs>[1]): string {
  const date = new Date(session.last_seen_at);
  if (Number.isNaN(date.getTime())) return 'Last seen: unknown';
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `Last seen ${formatDateAs(date, format)}, ${time}`;
}

export function SessionsList(): ReactElement {
  const s = accountStyles();
  const api = useAccountApi();
  const toast = useToast();
  const { date_format } = usePreferences();
  const [asking, setAsking] = useState(false);
  const list = useQuery(accountKeys.sessions, (signal) => api.sessions(signal));
  const signOut = useMutation({
    mutate: () => api.signOutOthers(),
    invalidates: [accountKeys.sessions],
    onSuccess: () => toast.success(PREFERENCE_MESSAGES.otherSessionsEnded),
    onError: () => toast.error(SESSIONS_TEXT.failedSignOut),
  });
  const sessions = list.data ?? [];
  const others = sessions.filter((one) => !one.current).length;

  let body: ReactElement;
  if (list.status === 'error') body = <ErrorState message={SESSIONS_TEXT.failed} onRetry={list.refetch} />;
  else if (!list.data) body = <LoadingState size="inline" label={SESSIONS_TEXT.loading} />;
  else if (!sessions.length) body = <EmptyState title={SESSIONS_TEXT.none} />;
  else
    body = (
      <ul className={s.sessions} aria-label={SESSIONS_TEXT.title}>
        {sessions.map((one) => (
          <li key={one.id} className={s.session}>
            <span>
              <span className={s.device}>{one.device}</span>{' '}
              {one.current && <Badge colour="green">{SESSIONS_TEXT.thisDevice}</Badge>}
            </span>
            <span className={s.seen}>{lastSeenText(one, date_format)}</span>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="ed-sessions-title">
      <h3 id="ed-sessions-title" className={s.sectionTitle}>
        {SESSIONS_TEXT.title}
      </h3>
      <p className={s.hint}>{SESSIONS_TEXT.hint}</p>
      {body}
      <div className={s.actions} style={{ justifyContent: 'flex-start' }}>
        <Button variant="secondary" disabled={!others} busy={signOut.busy} busyLabel={SESSIONS_TEXT.signingOut} onClick={() => setAsking(true)}>
          {SESSIONS_TEXT.signOutOthers}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={SESSIONS_TEXT.confirmTitle}
        description={SESSIONS_TEXT.confirmText}
        confirmLabel={SESSIONS_TEXT.signOutOthers}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          signOut.mutate(undefined);
        }}
      />
    </section>
  );
}
