/**
 * Sign-in, registration, forgot/reset password and e-mail verification: the calls, their fields
 * (docs/product/data.md) and checks (docs/product/rules.md, "Sign-in and registration").
 */
import * as z from 'zod/mini';
import { emailText, Id, maxText, OptText, requiredText } from './common';
import { PASSWORD_MIN_LENGTH, TEXT_MAX } from './constants';
import { MESSAGES } from './messages';

const V = MESSAGES.validation;

export const AUTH_PATHS = {
  login: '/auth',
  register: '/register',
  forgotPassword: '/forgot-password',
  /** Beyond the original description: implied by the mailed reset link. */
  resetPassword: '/reset-password',
  /** Beyond the original description: implied by the mailed verification link. */
  verifyEmail: '/verify-email',
  /** Beyond the original description: implied by the mailed invitation link (an invited person sets a password). */
  acceptInvitation: '/auth/accept-invitation',
  /** Beyond the original description: the second sign-in step, a challenge token and an authenticator or recovery code. */
  twoFactor: '/auth/two-factor',
  /** Beyond the original description: a person the company requires two-factor of, and who has none yet, starts its set-up. */
  twoFactorEnrol: '/auth/two-factor/enrol',
  /** Beyond the original description: the undo link mailed to the old address when an account's e-mail changes. */
  undoEmailChange: '/email-change/undo',
} as const;

/**
 * The login-page password requirements checklist (docs/product/rules.md): one capital letter, one
 * special character, one number, at least 6 characters.
 */
export const PASSWORD_RULES = [
  { id: 'capital', label: 'At least one capital letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'special', label: 'At least one special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
  { id: 'number', label: 'At least one number', test: (p: string) => /\d/.test(p) },
  {
    id: 'length',
    label: `Minimum ${PASSWORD_MIN_LENGTH} characters`,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
] as const;

/** True when a password meets every rule of `PASSWORD_RULES`. */
export const meetsPasswordRules = (password: string): boolean => PASSWORD_RULES.every((r) => r.test(password));

/** A password field: its message answers a missing value; checks bring their own. */
const passwordText = (required: string) =>
  z.string({ error: (issue) => (issue.code === 'invalid_type' ? required : undefined) }).check(maxText('Password', TEXT_MAX.password));

/** A new password: required, meeting every rule, at most `TEXT_MAX.password` characters. */
export const NewPassword = passwordText(V.passwordRequired).check(
  z.minLength(1, V.passwordRequired),
  z.refine(meetsPasswordRules, V.passwordRequirements),
);

/** The confirmation field of a new password: required, with its message from docs/product/messages.md. */
export const PasswordConfirmation = passwordText(V.confirmPasswordRequired).check(z.minLength(1, V.confirmPasswordRequired));

/** A password given to prove who one is (sign-in, password change): required, capped. */
export const CurrentPassword = (required: string) => passwordText(required).check(z.minLength(1, required));

/**
 * The object check that a confirmation repeats its password, reported on the confirmation field.
 * @example z.object({ password: NewPassword, password_confirmation: PasswordConfirmation }).check(confirms('password', 'password_confirmation'))
 */
export const confirms = <K extends string, C extends string>(password: K, confirmation: C) =>
  z.refine<Record<K | C, string>>((v) => v[password] === v[confirmation], {
    message: V.passwordsDoNotMatch,
    path: [confirmation],
  });

/** POST /api/v1/auth payload. The username is the e-mail address. */
export const LoginRequest = z.object({
  username: requiredText(V.usernameRequired, 'Username', TEXT_MAX.email).check(z.toLowerCase()),
  password: CurrentPassword(V.passwordRequired),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The user the session keeps (docs/product/data.md, "Session"): `user_type` and `permissions` are what the UI relies on. */
export const SessionUser = z.looseObject({
  id: Id,
  name: OptText,
  first_name: OptText,
  last_name: OptText,
  email: OptText,
  user_type: z.string(),
  permissions: z.array(z.string()),
  company_id: z.nullish(Id),
  role: OptText,
});
export type SessionUser = z.infer<typeof SessionUser>;

/** POST /api/v1/auth answer: `data.token`, `data.company_id`, `data.user.permissions`. */
export const LoginData = z.looseObject({
  token: z.string(),
  company_id: z.nullish(Id),
  user: SessionUser,
  /** Only after a two-factor set-up made while signing in: the recovery codes, shown once. */
  recovery_codes: z.optional(z.array(z.string())),
});
export type LoginData = z.infer<typeof LoginData>;
export const LoginAnswer = z.looseObject({
  status: z.optional(z.string()),
  data: LoginData,
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** POST /api/v1/forgot-password payload. The answer is the same whether or not the e-mail exists. */
export const ForgotPasswordRequest = z.object({ email: emailText() });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** POST /api/v1/register payload (docs/product/data.md, "Registration"): creates a company and its admin, awaiting verification. */
export const RegisterRequest = z
  .object({
    display_name: requiredText(V.displayNameRequired, 'Display name', TEXT_MAX.displayName),
    first_name: requiredText(V.firstNameRequired, 'First name', TEXT_MAX.name),
    last_name: requiredText(V.lastNameRequired, 'Last name', TEXT_MAX.name),
    email: emailText(),
    password: NewPassword,
    password_confirmation: PasswordConfirmation,
  })
  .check(confirms('password', 'password_confirmation'));
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** Reset a forgotten password with the single-use token from the mailed link. */
export const ResetPasswordRequest = z
  .object({
    token: z.string().check(z.minLength(10), z.maxLength(512)),
    password: NewPassword,
    password_confirmation: PasswordConfirmation,
  })
  .check(confirms('password', 'password_confirmation'));
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** Confirm an e-mail address with the token from the mailed verification link. */
export const VerifyEmailRequest = z.object({ token: z.string().check(z.minLength(10), z.maxLength(512)) });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

/**
 * Undo an e-mail change with the token mailed to the old address (valid 7 days). The old address
 * comes back verified, every session ends, and the answer carries a one-time password-reset token
 * so the owner can shut out whoever made the change.
 */
export const UndoEmailChangeRequest = VerifyEmailRequest;
export type UndoEmailChangeRequest = VerifyEmailRequest;
export const UndoEmailChangeAnswer = z.looseObject({
  message: z.string(),
  data: z.looseObject({ email: z.string(), reset_token: z.string() }),
});
export type UndoEmailChangeAnswer = z.infer<typeof UndoEmailChangeAnswer>;

/**
 * Accept an invitation with the single-use token from the mailed link and choose a password
 * (the rules of docs/product/rules.md). Answer: 200 `{ message }`; the person can then sign in.
 */
export const AcceptInvitationRequest = z
  .object({
    token: z.string().check(z.minLength(10), z.maxLength(512)),
    password: NewPassword,
    password_confirmation: PasswordConfirmation,
  })
  .check(confirms('password', 'password_confirmation'));
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

/**
 * Two-factor sign-in: RFC 6238 time-based codes (an authenticator app), ten one-time recovery
 * codes, and a company setting saying whose sign-in needs it.
 */
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', recoveryCodes: 10 } as const;

/** Whose sign-in the company requires two-factor of. */
export const TWO_FACTOR_POLICIES = ['off', 'admins', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

const TF = MESSAGES.twoFactor;

/** What a person types: six digits (spaces allowed) or a recovery code (`abcd-efgh-jklm`). */
export const OneTimeCode = z
  .string({ error: TF.codeRequired })
  .check(z.trim(), z.minLength(1, TF.codeRequired), z.maxLength(40, TF.codeInvalid));

/** An app code alone (the set-up asks for one). */
export const AppCode = z
  .string({ error: TF.codeRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: TF.codeRequired, abort: true }),
    z.refine((v) => /^\d{6}$/.test(v.replace(/\s/g, '')), TF.codeRequired),
  );

const ChallengeToken = z.string({ error: TF.challengeExpired }).check(z.minLength(10, TF.challengeExpired), z.maxLength(512, TF.challengeExpired));

/**
 * POST /auth's answer for a person whose sign-in needs a second step: no token yet, a challenge
 * token valid for a few minutes. `enrolment_required`: the company requires two-factor and the
 * person has none, so the set-up comes first (POST /auth/two-factor/enrol).
 */
export const TwoFactorChallenge = z.looseObject({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
  enrolment_required: z.boolean(),
  expires_at: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** POST /auth answer: a session (LoginAnswer's data) or a two-factor challenge. */
export const SignInAnswer = z.looseObject({
  status: z.optional(z.string()),
  data: z.union([TwoFactorChallenge, LoginData]),
});
export type SignInAnswer = z.infer<typeof SignInAnswer>;

/** True when a sign-in answer asks for the second step. */
export const isChallenge = (data: SignInAnswer['data']): data is TwoFactorChallenge =>
  (data as { two_factor_required?: unknown }).two_factor_required === true;

/** POST /auth/two-factor payload; answered like POST /auth with a session (LoginAnswer). */
export const TwoFactorVerifyRequest = z.object({ challenge_token: ChallengeToken, code: OneTimeCode });
export type TwoFactorVerifyRequest = z.infer<typeof TwoFactorVerifyRequest>;

/** POST /auth/two-factor/enrol payload (an enrolment challenge); answered with TwoFactorSetupAnswer. */
export const TwoFactorEnrolRequest = z.object({ challenge_token: ChallengeToken });
export type TwoFactorEnrolRequest = z.infer<typeof TwoFactorEnrolRequest>;

/**
 * A set-up under way: the secret in base32 (typed in by hand), the otpauth:// URI and a QR code of
 * it as an SVG data URL (drawn on the server, shown as an image). Sent only while setting up.
 */
export const TwoFactorSetup = z.looseObject({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;
export const TwoFactorSetupAnswer = z.looseObject({ status: z.optional(z.string()), data: TwoFactorSetup });
export type TwoFactorSetupAnswer = z.infer<typeof TwoFactorSetupAnswer>;
