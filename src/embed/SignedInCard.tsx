/**
 * What a sign-in form mounted on its own shows once someone is signed in: who, and Logout (which
 * signs every widget of the namespace out). Without it the form would sit there after signing in.
 */
import type { ReactElement } from 'react';
import { useRuntime, useSession } from '../runtime';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { css, lazyStyles } from '../ui/css';
import { v } from '../ui/theme';

const styles = lazyStyles(() => ({
  card: css`
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 16px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('surface')};
    box-shadow: ${v('shadow')};
  `,
  who: css`flex: 1; min-width: 0;`,
  name: css`margin: 0; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;`,
  email: css`margin: 0; color: ${v('muted')}; font-size: 13px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;`,
}));

export function SignedInCard(): ReactElement {
  const runtime = useRuntime();
  const user = useSession((s) => s.user);
  const name = String(user?.name ?? user?.email ?? 'Signed in');
  const email = typeof user?.email === 'string' ? user.email : '';
  const s = styles();
  return (
    <div className={s.card} data-ed-signed-in="">
      <Avatar name={name} />
      <div className={s.who}>
        <p className={s.name}>{name}</p>
        {email && <p className={s.email}>{email}</p>}
      </div>
      <Button variant="secondary" size="sm" onClick={() => runtime.session.getState().signOut()}>
        Logout
      </Button>
    </div>
  );
}
