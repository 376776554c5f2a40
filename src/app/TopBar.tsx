/**
 * The top bar of docs/product/screens.md: the sidebar toggle, the page title, the notifications
 * bell (its static list of five, and one's appointments due: NotificationsBell.tsx), the settings menu (Account Settings, Preferences) and the avatar
 * menu with the user's name and e-mail, Profile and Logout.
 */
import { useEffect } from 'react';
import { ProfileAnswer, USER_PATHS } from '../contract/users';
import { imageUrl } from '../core/config';
import { useConfig, useRuntime } from '../runtime';
import { useLocation } from '../runtime/router';
import { Avatar, css, Icon, IconButton, lazyStyles, Menu, v } from '../ui';
import { ACCOUNT_SCREENS } from '../widgets/account/widget';
import { NotificationsBell } from './NotificationsBell';

const styles = lazyStyles(() => ({
  bar: css`
    position: sticky; top: 0; z-index: 20; display: flex; align-items: center; gap: 8px; height: 60px;
    padding: 0 20px; background: ${v('surface')}; border-bottom: 1px solid ${v('border')};
  `,
  title: css`flex: 1; min-width: 0; font-size: 17px; font-weight: 600; color: ${v('text')}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;`,
  who: css`display: flex; flex-direction: column; gap: 2px; min-width: 0;`,
  name: css`font-weight: 600; color: ${v('text')}; overflow: hidden; text-overflow: ellipsis;`,
  email: css`font-size: 12px; color: ${v('muted')}; overflow: hidden; text-overflow: ellipsis;`,
  avatarTrigger: css`display: inline-flex; align-items: center; gap: 8px;`,
  // Hidden from sight on a phone, still the button's name (and not a hidden name in an aria-label).
  hideSmall: css`@media (max-width: 640px) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }`,
}));

export interface TopBarProps {
  title: string;
  /** The session user; `avatar` is what the profile's picture upload stored (the account widget updates it at once). */
  user: { name?: string | null; email?: string | null; first_name?: string | null; last_name?: string | null; avatar?: unknown } | null;
  onToggleSidebar(): void;
  sidebarNarrow: boolean;
  onLogout(): void;
}

/** The name to show for a user: name, else first and last name, else the e-mail. */
export function displayName(user: TopBarProps['user']): string {
  const joined = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  return user?.name?.trim() || joined || user?.email || 'Signed-in user';
}

export function TopBar({ title, user, onToggleSidebar, sidebarNarrow, onLogout }: TopBarProps) {
  const s = styles();
  const [, navigate] = useLocation();
  const name = displayName(user);
  const config = useConfig();
  const runtime = useRuntime();
  // The sign-in answer carries no picture: ask the profile once per session, so the top bar shows
  // the person's avatar from the first page, not only after they upload a new one.
  const hasAvatarField = user != null && 'avatar' in user;
  useEffect(() => {
    if (!user || hasAvatarField) return;
    const token = runtime.session.getState().token;
    runtime.api
      .get(USER_PATHS.profile, { schema: ProfileAnswer })
      .then((answer) => {
        if (runtime.session.getState().token === token) runtime.session.getState().update({ avatar: answer.data.avatar ?? null } as never);
      })
      .catch(() => undefined);
  }, [runtime, user, hasAvatarField]);
  const avatar = typeof user?.avatar === 'string' && user.avatar ? imageUrl(config, user.avatar) : null;
  return (
    <header className={s.bar}>
      <IconButton
        aria-label={sidebarNarrow ? 'Expand sidebar' : 'Collapse sidebar'}
        aria-expanded={!sidebarNarrow}
        variant="ghost"
        onClick={onToggleSidebar}
      >
        <Icon name="menu" size={20} />
      </IconButton>
      <h1 className={s.title}>{title}</h1>
      <NotificationsBell />
      <Menu
        label={<Icon name="settings" size={18} />}
        aria-label="Settings"
        variant="ghost"
        align="end"
        items={[
          { id: 'account', label: 'Account Settings', onSelect: () => navigate(ACCOUNT_SCREENS.settings.href()) },
          { id: 'preferences', label: 'Preferences', onSelect: () => navigate(ACCOUNT_SCREENS.preferences.href()) },
        ]}
      />
      <Menu
        label={
          <span className={s.avatarTrigger}>
            <Avatar name={name} src={avatar} size={32} decorative />
            <span className={s.hideSmall}>{name}</span>
            <Icon name="chevronDown" size={14} />
          </span>
        }
        aria-label="Account menu"
        triggerLabel="Account menu for"
        variant="ghost"
        align="end"
        width={240}
        header={
          <span className={s.who}>
            <span className={s.name}>{name}</span>
            {user?.email && <span className={s.email}>{user.email}</span>}
          </span>
        }
        items={[
          { id: 'profile', label: 'Profile', icon: <Icon name="user" size={16} />, onSelect: () => navigate(ACCOUNT_SCREENS.profile.href()) },
          { id: 'logout', label: 'Logout', icon: <Icon name="logout" size={16} />, onSelect: onLogout, danger: true },
        ]}
      />
    </header>
  );
}
