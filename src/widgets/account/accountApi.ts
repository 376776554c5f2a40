/**
 * The only file of the account screens that calls the API (docs/architecture.md, house rule 3): the
 * profile (src/contract/users.ts: GET /users/profile, PUT /users/{id} with the Company-ID header),
 * the password (PUT /users/{id}/update-password), the avatar upload, the person's sessions and
 * preferences. Every answer is parsed with a contract schema here.
 */
import { useMemo } from 'react';
import {
  ACCOUNT_PATHS,
  PreferencesAnswer,
  ProfileAnswer,
  SessionsAnswer,
  SignOutOthersAnswer,
  TwoFactorEnableAnswer,
  TwoFactorPolicyAnswer,
  TwoFactorSetupAnswer,
  TwoFactorStatusAnswer,
  SuccessAnswer,
  LEAD_PATHS,
  USER_PATHS,
  WorkflowsAnswer,
  type Workflow,
  type AccountSession,
  type Id,
  type PasswordChangeRequest,
  type Preferences,
  type PreferencesUpdateRequest,
  type Profile,
  type ProfileUpdateRequest,
  type TwoFactorDisableRequest,
  type TwoFactorEnableRequest,
  type TwoFactorPolicy,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';

export interface AccountApi {
  /** GET /users/profile → the signed-in person's profile. */
  profile(signal?: AbortSignal): Promise<Profile>;
  /** PUT /users/{id} with the payload of docs/product/data.md and the Company-ID header → the saved profile when answered. */
  updateProfile(id: Id, companyId: Id | null, payload: ProfileUpdateRequest): Promise<Profile | null>;
  /** PUT /users/{id}/update-password (docs/product/data.md: all three fields). */
  changePassword(id: Id, payload: PasswordChangeRequest): Promise<void>;
  /** POST /users/{id}/avatar, multipart field `avatar` → the profile with its new avatar. */
  uploadAvatar(id: Id, file: Blob, name: string): Promise<Profile | null>;
  /** GET /users/sessions → the person's live sessions, newest activity first. */
  sessions(signal?: AbortSignal): Promise<AccountSession[]>;
  /** DELETE /users/sessions/others → how many sessions ended. */
  signOutOthers(): Promise<number>;
  /** GET /users/preferences. */
  preferences(signal?: AbortSignal): Promise<Preferences>;
  /** PUT /users/preferences → what is stored now. */
  savePreferences(payload: PreferencesUpdateRequest): Promise<Preferences>;
  /** GET /workflow/list: the tabs the leads board may open on. */
  workflows(signal?: AbortSignal): Promise<Workflow[]>;
  /** GET /users/two-factor. */
  twoFactor(signal?: AbortSignal): Promise<TwoFactorStatus>;
  /** POST /users/two-factor/setup → secret, URI and QR code (only while two-factor is off). */
  startTwoFactor(): Promise<TwoFactorSetup>;
  /** POST /users/two-factor/enable → the ten recovery codes, shown once. */
  enableTwoFactor(payload: TwoFactorEnableRequest): Promise<string[]>;
  /** POST /users/two-factor/disable. */
  disableTwoFactor(payload: TwoFactorDisableRequest): Promise<void>;
  /** POST /users/two-factor/recovery-codes: ten new codes, answered once. */
  renewRecoveryCodes(payload: TwoFactorDisableRequest): Promise<string[]>;
  /** PUT /company/two-factor-policy (a company admin). */
  saveTwoFactorPolicy(policy: TwoFactorPolicy): Promise<TwoFactorPolicy>;
}

const profileIn = (answer: unknown): Profile | null => {
  const parsed = ProfileAnswer.safeParse(answer);
  return parsed.success ? parsed.data.data : null;
};

/**
 * @example
 * const account = createAccountApi(runtime.api);
 * const me = await account.profile();
 */
export function createAccountApi(api: ApiClient): AccountApi {
  return {
    async profile(signal) {
      return (await api.get(USER_PATHS.profile, { schema: ProfileAnswer, signal })).data;
    },
    async updateProfile(id, companyId, payload) {
      const headers: Record<string, string> = companyId === null ? {} : { 'Company-ID': String(companyId) };
      return profileIn(await api.put(USER_PATHS.one(id), { body: payload, headers }));
    },
    async changePassword(id, payload) {
      await api.put(USER_PATHS.password(id), { body: payload });
    },
    async uploadAvatar(id, file, name) {
      const form = new FormData();
      form.append('avatar', file, name);
      return profileIn(await api.upload(USER_PATHS.avatar(id), { body: form }));
    },
    async sessions(signal) {
      return (await api.get(ACCOUNT_PATHS.sessions, { schema: SessionsAnswer, signal })).data;
    },
    async signOutOthers() {
      return (await api.del(ACCOUNT_PATHS.otherSessions, { schema: SignOutOthersAnswer })).data.ended;
    },
    async preferences(signal) {
      return (await api.get(ACCOUNT_PATHS.preferences, { schema: PreferencesAnswer, signal })).data;
    },
    async savePreferences(payload) {
      return (await api.put(ACCOUNT_PATHS.preferences, { body: payload, schema: PreferencesAnswer })).data;
    },
    async workflows(signal) {
      return (await api.get(LEAD_PATHS.workflows, { schema: WorkflowsAnswer, signal })).data;
    },
    async twoFactor(signal) {
      return (await api.get(ACCOUNT_PATHS.twoFactor, { schema: TwoFactorStatusAnswer, signal })).data;
    },
    async startTwoFactor() {
      return (await api.post(ACCOUNT_PATHS.twoFactorSetup, { body: {}, schema: TwoFactorSetupAnswer })).data;
    },
    async enableTwoFactor(payload) {
      return (await api.post(ACCOUNT_PATHS.twoFactorEnable, { body: payload, schema: TwoFactorEnableAnswer })).data.recovery_codes;
    },
    async disableTwoFactor(payload) {
      await api.post(ACCOUNT_PATHS.twoFactorDisable, { body: payload, schema: SuccessAnswer });
    },
    async renewRecoveryCodes(payload) {
      return (await api.post(ACCOUNT_PATHS.twoFactorRecoveryCodes, { body: payload, schema: TwoFactorEnableAnswer })).data.recovery_codes;
    },
    async saveTwoFactorPolicy(policy) {
      return (await api.put(ACCOUNT_PATHS.twoFactorPolicy, { body: { two_factor_required: policy }, schema: TwoFactorPolicyAnswer })).data
        .two_factor_required;
    },
  };
}

/** The account calls of the runtime in context. */
export function useAccountApi(): AccountApi {
  const api = useApi();
  return useMemo(() => createAccountApi(api), [api]);
}

/** Query keys of the account screens. */
export const accountKeys = {
  profile: ['account', 'profile'],
  sessions: ['account', 'sessions'],
  preferences: ['account', 'preferences'],
  workflows: ['account', 'workflows'],
  twoFactor: ['account', 'two-factor'],
} as const;
