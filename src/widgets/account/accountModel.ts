/**
 * Pure logic of the account screens: the profile form's values from a profile and the update
 * payload from them (docs/product/data.md), "Please complete your profile information", the avatar's
 * checks (docs/product/rules.md) and the square crop's geometry. No React; tested without rendering.
 */
import { AVATAR_MAX_BYTES, AVATAR_TYPES, MESSAGES, type Profile, type ProfileUpdateRequest } from '../../contract';

/** What the profile form edits. */
export interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  /** Asked only when the e-mail changes: a session alone must not move the account elsewhere. */
  current_password: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

/**
 * docs/product/data.md: the name split on the first space into first name and the rest as last name.
 * @example splitName('Asha Rao Menon') // ['Asha', 'Rao Menon']
 */
export function splitName(name: string | null | undefined): [string, string] {
  const clean = text(name).trim().replace(/\s+/g, ' ');
  const space = clean.indexOf(' ');
  return space < 0 ? [clean, ''] : [clean.slice(0, space), clean.slice(space + 1)];
}

/** The form's values for a profile (docs/product/data.md: `address`/`postal_code` are edited as `street`/`zip_code`). */
export function profileValues(profile: Profile): ProfileValues {
  const [first_name, last_name] = splitName(profile.name);
  return {
    first_name,
    last_name,
    email: text(profile.email),
    phone: text(profile.phone),
    street: text(profile.address),
    city: text(profile.city),
    state: text(profile.state),
    zip_code: text(profile.postal_code),
    country: text(profile.country),
    current_password: '',
  };
}

/** The payload of docs/product/data.md ("User profile"): the form's values, trimmed, and the profile's user type as it is. */
export function profilePayload(values: ProfileValues, profile: Pick<Profile, 'user_type' | 'email'>): ProfileUpdateRequest {
  const { current_password, ...fields } = values;
  const trimmed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])) as Omit<ProfileValues, 'current_password'>;
  const payload: ProfileUpdateRequest = { ...trimmed, user_type: text(profile.user_type) };
  return emailChanges(values, profile) && current_password ? { ...payload, current_password } : payload;
}

/** Whether the form moves the account to another e-mail address (then the current password is asked). */
export const emailChanges = (values: Pick<ProfileValues, 'email'>, profile: Pick<Profile, 'email'>): boolean =>
  values.email.trim().toLowerCase() !== text(profile.email).trim().toLowerCase();

/** docs/product/rules.md: the profile form's required fields. */
export const REQUIRED_PROFILE_FIELDS = ['first_name', 'last_name', 'email'] as const;

/**
 * "Please complete your profile information" (docs/product/messages.md) when a required field is
 * empty; null when the form may be sent.
 * @example incompleteMessage({ ...values, email: '' }) // 'Please complete your profile information'
 */
export function incompleteMessage(values: ProfileValues): string | null {
  return REQUIRED_PROFILE_FIELDS.some((field) => !values[field].trim()) ? MESSAGES.profile.incomplete : null;
}

/** The avatar type check's words, the product's own (docs/product/messages.md, "Other texts"). */
export const AVATAR_TYPE_MESSAGE = 'Please choose a JPEG or PNG image';

/**
 * docs/product/rules.md: at most 5 MB ("Image size must be less than 5MB"), JPEG, JPG or PNG. Null
 * when fine.
 * @example avatarProblem({ size: 6_000_000, type: 'image/png', name: 'me.png' }) // 'Image size must be less than 5MB'
 */
export function avatarProblem(file: Pick<File, 'size' | 'type' | 'name'>): string | null {
  const byType = (AVATAR_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  if (!byType && !(file.type === '' && byName)) return AVATAR_TYPE_MESSAGE;
  if (file.size > AVATAR_MAX_BYTES) return MESSAGES.profile.avatarTooLarge;
  return null;
}

/** A square of the picture, in the picture's own pixels. */
export interface CropSquare {
  x: number;
  y: number;
  size: number;
}

/**
 * The largest centred square of a picture: where the cropper starts.
 * @example centredSquare(800, 600) // { x: 100, y: 0, size: 600 }
 */
export function centredSquare(width: number, height: number): CropSquare {
  const size = Math.max(1, Math.min(width, height));
  return { x: Math.round((width - size) / 2), y: Math.round((height - size) / 2), size };
}

/** Smallest square the cropper allows, as a share of the picture's shorter side. */
export const MIN_CROP_SHARE = 0.2;

/**
 * Keeps a square inside the picture and no smaller than MIN_CROP_SHARE of its shorter side.
 * @example clampSquare({ x: -5, y: 700, size: 900 }, 800, 600) // { x: 0, y: 0, size: 600 }
 */
export function clampSquare(square: CropSquare, width: number, height: number): CropSquare {
  const shorter = Math.max(1, Math.min(width, height));
  const size = Math.round(Math.min(shorter, Math.max(shorter * MIN_CROP_SHARE, square.size)));
  return {
    x: Math.round(Math.min(width - size, Math.max(0, square.x))),
    y: Math.round(Math.min(height - size, Math.max(0, square.y))),
    size,
  };
}

/** How a key moves or resizes the square (arrows move, +/- resize around the centre); null for other keys. */
export function keyedSquare(square: CropSquare, key: string, step: number): CropSquare | null {
  switch (key) {
    case 'ArrowLeft':
      return { ...square, x: square.x - step };
    case 'ArrowRight':
      return { ...square, x: square.x + step };
    case 'ArrowUp':
      return { ...square, y: square.y - step };
    case 'ArrowDown':
      return { ...square, y: square.y + step };
    case '+':
    case '=':
      return { x: square.x - step / 2, y: square.y - step / 2, size: square.size + step };
    case '-':
    case '_':
      return { x: square.x + step / 2, y: square.y + step / 2, size: square.size - step };
    default:
      return null;
  }
}

/** Side of the uploaded square in pixels: the server keeps at most 512 anyway. */
export const AVATAR_OUTPUT_SIZE = 512;

/** The uploaded file's name: the original's, as PNG or JPEG by its type. */
export function croppedName(original: string, type: 'image/png' | 'image/jpeg'): string {
  const base = original.replace(/\.[^.]*$/, '') || 'avatar';
  return `${base}.${type === 'image/png' ? 'png' : 'jpg'}`;
}
