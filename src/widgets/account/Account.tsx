/**
 * The account widget (docs/product/screens.md, "Account settings"): /profile and /settings show the
 * tabs General (avatar and profile form) and Security (password and signed-in sessions);
 * /preferences shows the person's preferences. Mounted alone it opens on General, or on `tab`.
 *
 * @example
 * EstateDesk.mount(document.getElementById('me'), 'account', { tab: 'security' });
 */
import { Suspense, useState, type ReactElement } from 'react';
import { MESSAGES, type Profile } from '../../contract';
import { useLocation, useQuery, useToast } from '../../runtime';
import { lazyComponent } from '../../runtime/lazyComponent';
import { useQueryCache } from '../../runtime/useQueryCache';
import { Route, Switch } from '../../runtime/router';
import { Tabs } from '../../ui/Tabs';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { cx } from '../../ui/css';
import { accountKeys, useAccountApi } from './accountApi';
import { incompleteMessage, profileValues } from './accountModel';
import { accountStyles } from './accountStyles';
import { AvatarSection } from './AvatarSection';
import { PasswordForm } from './PasswordForm';
import { PreferencesScreen } from './PreferencesScreen';
import { ProfileForm } from './ProfileForm';
import { SessionsList } from './SessionsList';
import { ACCOUNT_SCREENS } from './widget';

// The two-factor section (set-up, recovery codes, the company requirement) comes with the Security tab.
const twoFactorSection = lazyComponent(() => import('./TwoFactorSection'));

export type AccountTab = 'general' | 'security';

export interface AccountProps {
  /** The tab shown first (default General). */
  tab?: AccountTab;
  className?: string;
}

export const ACCOUNT_TEXT = {
  settings: 'Settings',
  profile: 'Profile',
  tabs: 'Account settings',
  general: 'General',
  security: 'Security',
  loading: 'Loading profile...',
} as const;

function GeneralTab({ profile }: { profile: Profile }): ReactElement {
  const s = accountStyles();
  const cache = useQueryCache();
  const [avatar, setAvatar] = useState(profile.avatar ?? null);
  const name = [profile.name].filter(Boolean).join(' ') || profile.email || '';
  // docs/product/messages.md (`profile.incomplete`): a profile missing a required field asks to be completed as soon as it is shown.
  const incomplete = incompleteMessage(profileValues(profile));
  return (
    <div className={s.stack}>
      {incomplete && (
        <p className={s.notice} role="status">
          {incomplete}
        </p>
      )}
      <div className={s.panel}>
        <AvatarSection
          userId={profile.id}
          name={name}
          avatar={avatar}
          onUploaded={(saved, next) => {
            setAvatar(next);
            if (saved) cache.setData<Profile>(accountKeys.profile, () => saved);
          }}
        />
      </div>
      <div className={s.panel}>
        <ProfileForm profile={profile} />
      </div>
    </div>
  );
}

function SecurityTab({ profile }: { profile: Profile }): ReactElement {
  const s = accountStyles();
  return (
    <div className={s.stack}>
      <div className={s.panel}>
        <PasswordForm userId={profile.id} />
      </div>
      <div className={s.panel}>
        <Suspense fallback={<LoadingState size="inline" label="Loading two-factor sign-in..." />}>
          <twoFactorSection.Component />
        </Suspense>
      </div>
      <div className={s.panel}>
        <SessionsList />
      </div>
    </div>
  );
}

function SettingsScreen({ tab: firstTab = 'general', heading }: { tab?: AccountTab; heading: string }): ReactElement {
  const s = accountStyles();
  const api = useAccountApi();
  const toast = useToast();
  const [tab, setTab] = useState<AccountTab>(firstTab);
  const query = useQuery(accountKeys.profile, (signal) => api.profile(signal), {
    onError: () => toast.error(MESSAGES.profile.fetchFailed),
  });
  const profile = query.data;
  return (
    <div className={s.page} data-screen="settings">
      <header className={s.header}>
        <h2 className={s.heading}>{heading}</h2>
      </header>
      {query.status === 'error' ? (
        <ErrorState message={MESSAGES.profile.fetchFailed} onRetry={query.refetch} />
      ) : !profile ? (
        <LoadingState label={ACCOUNT_TEXT.loading} />
      ) : (
        <Tabs
          label={ACCOUNT_TEXT.tabs}
          items={[
            { id: 'general', label: ACCOUNT_TEXT.general },
            { id: 'security', label: ACCOUNT_TEXT.security },
          ]}
          value={tab}
          onChange={(id) => setTab(id as AccountTab)}
        >
          {/* Keyed by the profile's id: another person's data never fills this person's form. */}
          {tab === 'general' ? <GeneralTab key={String(profile.id)} profile={profile} /> : <SecurityTab key={String(profile.id)} profile={profile} />}
        </Tabs>
      )}
    </div>
  );
}

/**
 * The account widget.
 *
 * @example
 * <Account tab="security" />
 */
export default function Account({ tab, className }: AccountProps): ReactElement {
  const [path] = useLocation();
  const heading = ACCOUNT_SCREENS.profile.match(path) ? ACCOUNT_TEXT.profile : ACCOUNT_TEXT.settings;
  return (
    <div className={cx(className)} data-widget="account">
      <Switch>
        <Route path={ACCOUNT_SCREENS.preferences.path} component={PreferencesScreen} />
        <Route>
          <SettingsScreen heading={heading} {...(tab ? { tab } : {})} />
        </Route>
      </Switch>
    </div>
  );
}
