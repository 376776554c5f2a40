/**
 * The signed-in person's own sessions and preferences (account settings beyond the original
 * description, which names /preferences but gives it no content: docs/product/screens.md). Paths
 * are under API_PREFIX, beside the
 * profile's USER_PATHS.
 *
 * @example
 * const { data } = SessionsAnswer.parse(await api.get(ACCOUNT_PATHS.sessions));
 * await api.put(ACCOUNT_PATHS.preferences, { ...preferences, theme: 'dark' });
 */
import * as z from 'zod/mini';
import { AppCode, CurrentPassword, OneTimeCode, TWO_FACTOR_POLICIES } from './auth';
import { Id, OptText } from './common';
import { LEAD_PAGE_SIZE } from './constants';
import { MESSAGES } from './messages';

export const ACCOUNT_PATHS = {
  /** GET: the caller's live sessions, newest activity first. */
  sessions: '/users/sessions',
  /** DELETE: "Sign out everywhere else": every session of the caller but this one ends. */
  otherSessions: '/users/sessions/others',
  /** GET and PUT: the caller's preferences (defaults until saved). */
  preferences: '/users/preferences',
  /** GET: the caller's two-factor state (and, for a company admin, the company's requirement). */
  twoFactor: '/users/two-factor',
  /** POST: a new set-up (secret, URI, QR code); refused while two-factor is on. */
  twoFactorSetup: '/users/two-factor/setup',
  /** POST `{ code, password }`: confirms the set-up; answers the recovery codes, once. */
  twoFactorEnable: '/users/two-factor/enable',
  /** POST `{ code, password }`: turns it off (an app or a recovery code). */
  twoFactorDisable: '/users/two-factor/disable',
  /** POST `{ code, password }`: ten new recovery codes (the old ones end); answers them, once. */
  twoFactorRecoveryCodes: '/users/two-factor/recovery-codes',
  /** PUT `{ two_factor_required }`: a company admin sets whose sign-in needs two-factor. */
  twoFactorPolicy: '/company/two-factor-policy',
} as const;

/** One signed-in session of the caller (GET /users/sessions `data[]`). */
export const AccountSession = z.looseObject({
  /** Opaque session id (the token's `sid`). */
  id: z.string(),
  /** A short summary of the user agent, e.g. "Chrome on Windows"; "Unknown device" when none was sent. */
  device: z.string(),
  /** The user agent as sent at sign-in (at most 300 characters), or null. */
  user_agent: OptText,
  /** When the person signed in (ISO 8601). */
  created_at: z.string(),
  /** When the session last made a request (ISO 8601, kept to about a minute); sign-in time until then. */
  last_seen_at: z.string(),
  /** When the session ends unless the person signs out first (ISO 8601). */
  expires_at: OptText,
  /** True for the session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/** GET /api/v1/users/sessions answer. */
export const SessionsAnswer = z.looseObject({ status: z.optional(z.string()), data: z.array(AccountSession) });
export type SessionsAnswer = z.infer<typeof SessionsAnswer>;

/** DELETE /api/v1/users/sessions/others answer: how many sessions ended. */
export const SignOutOthersAnswer = z.looseObject({
  status: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.looseObject({ ended: z.number() }),
});
export type SignOutOthersAnswer = z.infer<typeof SignOutOthersAnswer>;

/** Theme choices: a fixed light or dark look, or the device's own setting. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** Spacing of tables and forms. */
export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

/**
 * Date formats a person may pick. The first is the Indian-locale date of docs/product/rules.md (the
 * default);
 * `d mmm yyyy` reads e.g. "5 Nov 2026".
 */
export const DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'd mmm yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Page sizes of the leads board: the product's 10 (the default) and larger pages for long lists. */
export const LEAD_PAGE_SIZES = [LEAD_PAGE_SIZE, 25, 50, 100] as const;
export type LeadPageSize = (typeof LEAD_PAGE_SIZES)[number];

/** Messages of the preferences call (the product's own: docs/product/messages.md, "Other texts"). */
export const PREFERENCE_MESSAGES = {
  saved: 'Preferences saved',
  theme: `Theme must be one of: ${THEMES.join(', ')}.`,
  density: `Density must be one of: ${DENSITIES.join(', ')}.`,
  dateFormat: `Date format must be one of: ${DATE_FORMATS.join(', ')}.`,
  pageSize: `Leads page size must be one of: ${LEAD_PAGE_SIZES.join(', ')}.`,
  /** The default tab names a workflow status the caller's company does not have. */
  defaultTab: "Leads default tab must be one of your company's workflow statuses, or empty for All Contacts.",
  otherSessionsEnded: 'Signed out everywhere else',
} as const;

/** The stored preferences (GET /users/preferences `data`): every field always present. */
export const Preferences = z.object({
  theme: z.enum(THEMES),
  density: z.enum(DENSITIES),
  /** Workflow status id of the leads board's first tab, or null for All Contacts. */
  leads_default_tab: z.nullable(z.number()),
  leads_page_size: z.number(),
  date_format: z.enum(DATE_FORMATS),
});
export type Preferences = z.infer<typeof Preferences>;

/** What a person gets until they save anything. */
export const DEFAULT_PREFERENCES: Preferences = Object.freeze({
  theme: 'system',
  density: 'comfortable',
  leads_default_tab: null,
  leads_page_size: LEAD_PAGE_SIZE,
  date_format: 'dd/mm/yyyy',
});

/** GET and PUT /api/v1/users/preferences answer. */
export const PreferencesAnswer = z.looseObject({ status: z.optional(z.string()), message: z.optional(z.string()), data: Preferences });
export type PreferencesAnswer = z.infer<typeof PreferencesAnswer>;

const oneOf = <T extends readonly (string | number)[]>(values: T, message: string) =>
  z.custom<T[number]>((value) => (values as readonly unknown[]).includes(value), { error: message });

/**
 * PUT /api/v1/users/preferences payload. Every field is optional: a missing one keeps its stored
 * value, so the object GET answered can be sent back whole, or only what changed. The page size may arrive as numeric text; the default tab as an
 * id (number or numeric text), null or "" for All Contacts. The server checks the tab belongs to
 * the caller's company.
 */
export const PreferencesUpdateRequest = z.object({
  theme: z.optional(oneOf(THEMES, PREFERENCE_MESSAGES.theme)),
  density: z.optional(oneOf(DENSITIES, PREFERENCE_MESSAGES.density)),
  leads_default_tab: z.optional(
    z.pipe(
      z.union([z.null(), z.literal(''), Id], { error: PREFERENCE_MESSAGES.defaultTab }),
      z.transform((v) => (v === null || v === '' ? null : Number(v))),
    ).check(z.refine((v) => v === null || (Number.isSafeInteger(v) && v > 0), PREFERENCE_MESSAGES.defaultTab)),
  ),
  leads_page_size: z.optional(
    z.pipe(
      z.union([z.number(), z.string()], { error: PREFERENCE_MESSAGES.pageSize }),
      z.transform((v) => Number(v)),
    ).check(z.refine((v) => (LEAD_PAGE_SIZES as readonly number[]).includes(v), PREFERENCE_MESSAGES.pageSize)),
  ),
  date_format: z.optional(oneOf(DATE_FORMATS, PREFERENCE_MESSAGES.dateFormat)),
});
export type PreferencesUpdateRequest = z.infer<typeof PreferencesUpdateRequest>;

/** GET /users/two-factor `data`. */
export const TwoFactorStatus = z.looseObject({
  enabled: z.boolean(),
  enabled_at: OptText,
  /** Unused recovery codes left. */
  recovery_codes_left: z.number(),
  /** The company requires it of this person (so they cannot turn it off). */
  required: z.boolean(),
  /** The company's setting, for a company admin (who may change it); null for everyone else. */
  company_policy: z.nullable(z.enum(TWO_FACTOR_POLICIES)),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
export const TwoFactorStatusAnswer = z.looseObject({ status: z.optional(z.string()), data: TwoFactorStatus });
export type TwoFactorStatusAnswer = z.infer<typeof TwoFactorStatusAnswer>;

/** POST /users/two-factor/enable payload: the app's first code and the current password. */
export const TwoFactorEnableRequest = z.object({ code: AppCode, password: CurrentPassword(MESSAGES.validation.currentPasswordRequired) });
export type TwoFactorEnableRequest = z.infer<typeof TwoFactorEnableRequest>;

/** POST /users/two-factor/enable answer: the ten recovery codes, shown once and stored hashed. */
export const TwoFactorEnableAnswer = z.looseObject({
  status: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.looseObject({ recovery_codes: z.array(z.string()) }),
});
export type TwoFactorEnableAnswer = z.infer<typeof TwoFactorEnableAnswer>;

/** POST /users/two-factor/disable payload: the password and a code (app or recovery). */
export const TwoFactorDisableRequest = z.object({ code: OneTimeCode, password: CurrentPassword(MESSAGES.validation.currentPasswordRequired) });
export type TwoFactorDisableRequest = z.infer<typeof TwoFactorDisableRequest>;

/** PUT /company/two-factor-policy payload and answer `data`. */
export const TwoFactorPolicyRequest = z.object({
  two_factor_required: z.enum(TWO_FACTOR_POLICIES, { error: MESSAGES.twoFactor.policyInvalid }),
});
export type TwoFactorPolicyRequest = z.infer<typeof TwoFactorPolicyRequest>;
export const TwoFactorPolicyAnswer = z.looseObject({
  status: z.optional(z.string()),
  message: z.optional(z.string()),
  data: TwoFactorPolicyRequest,
});
export type TwoFactorPolicyAnswer = z.infer<typeof TwoFactorPolicyAnswer>;
