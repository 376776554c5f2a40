/**
 * The signed-in user's profile and password, and managed users of a company: the calls, and the
 * fields of docs/product/data.md ("User profile", "Password change", "Managed user").
 *
 * Note: PUT /api/v1/users/{id} serves two payloads. A body with `role` is a managed-user update
 * (user admin); any other body is a profile update (account settings, with a Company-ID header).
 */
import * as z from 'zod/mini';
import { cappedText, emailText, Id, OptText, optionalText, requiredText, tooLong } from './common';
import { TEXT_MAX } from './constants';
import { MESSAGES } from './messages';
import { confirms, CurrentPassword, NewPassword, PasswordConfirmation } from './auth';

const V = MESSAGES.validation;

export const USER_PATHS = {
  profile: '/users/profile',
  list: '/users',
  one: (id: Id) => `/users/${id}`,
  password: (id: Id) => `/users/${id}/update-password`,
  resendInvite: (id: Id) => `/users/resend-invite/${id}`,
  /** Beyond the original description: disable or enable a managed user (UserStatusRequest). */
  status: (id: Id) => `/users/${id}/status`,
  /** Beyond the original description: the avatar upload of the General tab (multipart, field `avatar`). */
  avatar: (id: Id) => `/users/${id}/avatar`,
  /** Beyond the original description: DELETE resets a managed person's two-factor sign-in (a lost phone). */
  twoFactor: (id: Id) => `/users/${id}/two-factor`,
} as const;

/** GET /api/v1/users/profile `data` (docs/product/data.md, "User profile"). */
export const Profile = z.looseObject({
  id: Id,
  name: OptText,
  email: OptText,
  phone: OptText,
  address: OptText,
  city: OptText,
  state: OptText,
  postal_code: OptText,
  country: OptText,
  user_type: OptText,
  avatar: OptText,
  company_id: z.nullish(Id),
  /** The caller's permission names as of this request (re-read when X-Access-Stamp changes). */
  permissions: z.optional(z.array(z.string())),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileAnswer = z.looseObject({ status: z.optional(z.string()), data: Profile });

/** PUT /api/v1/users/{id} profile payload (docs/product/data.md): name split on space into first and last name. */
export const ProfileUpdateRequest = z.object({
  first_name: requiredText(V.firstNameRequired, 'First name', TEXT_MAX.name),
  last_name: requiredText(V.lastNameRequired, 'Last name', TEXT_MAX.name),
  email: emailText(),
  phone: optionalText('Phone', TEXT_MAX.phone),
  street: optionalText('Address', TEXT_MAX.address, 'multi'),
  city: optionalText('City', TEXT_MAX.place),
  state: optionalText('State', TEXT_MAX.place),
  zip_code: optionalText('Postal code', TEXT_MAX.postalCode),
  country: optionalText('Country', TEXT_MAX.place),
  /** Sent by the form; the server ignores it unless the caller may change user types. */
  user_type: cappedText('User type', TEXT_MAX.name),
  /** Required when `email` changes: a session alone must not be able to move the account to another address. */
  current_password: z.optional(CurrentPassword(V.currentPasswordRequired)),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/** PUT /api/v1/users/{id}/update-password payload: all three fields required (docs/product/rules.md). */
export const PasswordChangeRequest = z
  .object({
    current_password: CurrentPassword(V.currentPasswordRequired),
    new_password: NewPassword,
    new_password_confirmation: PasswordConfirmation,
  })
  .check(confirms('new_password', 'new_password_confirmation'));
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

/** A managed user as listed (docs/product/data.md): id or _id, name or firstName/lastName, role name or id. */
export const ManagedUser = z.looseObject({
  id: z.optional(Id),
  _id: z.optional(Id),
  name: OptText,
  firstName: OptText,
  lastName: OptText,
  email: OptText,
  role: z.nullish(z.union([z.string(), z.number()])),
  role_id: z.nullish(Id),
  status: OptText,
  /** While invited: when the newest invitation went out (ISO 8601). */
  invited_at: OptText,
  /** Whether the person signs in with an authenticator app (a manager may reset it). */
  two_factor: z.optional(z.boolean()),
});
export type ManagedUser = z.infer<typeof ManagedUser>;

/** GET /api/v1/users answer: `data.users`, one page, and `data.total`, the company's users in all (User Management's pager). */
export const UsersListAnswer = z.looseObject({
  data: z.looseObject({ users: z.array(ManagedUser), total: z.number() }),
});

/** The role of a managed user: its id or name (docs/product/data.md), required. */
const RoleChoice = z
  .pipe(z.union([z.number(), z.string()]), z.transform((v) => String(v).trim()))
  .check(z.refine((v) => v.length > 0, V.roleRequired), z.refine((v) => v.length <= TEXT_MAX.name, tooLong('Role', TEXT_MAX.name)));

/** POST /api/v1/users payload: invites a user into the caller's company. */
export const UserCreateRequest = z.object({
  first_name: requiredText(V.firstNameRequired, 'First name', TEXT_MAX.name),
  email: emailText(),
  password: NewPassword,
  role: RoleChoice,
});
export type UserCreateRequest = z.infer<typeof UserCreateRequest>;

/** Invitation statuses of a managed user. */
export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * PUT /api/v1/users/{id} managed-user payload: password optional, sent only if filled. The listed
 * object may be sent back as it came: what the list computes (name, status, ...) is ignored.
 */
export const UserUpdateRequest = z.object({
  first_name: requiredText(V.firstNameRequired, 'First name', TEXT_MAX.name),
  email: emailText(),
  password: z.optional(NewPassword),
  role: RoleChoice,
});
export type UserUpdateRequest = z.infer<typeof UserUpdateRequest>;

/**
 * PUT /api/v1/users/{id}/status payload (beyond the original description; agent-edit): "disabled"
 * signs the person out at once and keeps them out; "active" lets a disabled person back in (as
 * invited again if they never set a password). Nobody disables themselves or the company's last
 * admin.
 */
export const UserStatusRequest = z.object({ status: z.enum(['active', 'disabled']) });
export type UserStatusRequest = z.infer<typeof UserStatusRequest>;
