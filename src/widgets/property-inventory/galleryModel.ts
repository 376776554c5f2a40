/**
 * Pure logic of Edit Property's photo gallery. The convention agents know from listing sites: the
 * first photo is the cover, so making a photo the cover moves it to the front and moving another
 * photo to the front makes that one the cover. The server keeps order and cover apart; the
 * gallery always sends both (`orderRequest`).
 */
import {
  PROPERTY_IMAGE_MAX_BYTES,
  PROPERTY_IMAGE_MAX_FILES,
  PROPERTY_IMAGE_TYPES,
  PROPERTY_MAX_IMAGES,
  type Id,
  type PropertyImage,
} from '../../contract';

/**
 * The photos as the gallery shows them: the cover first, then the others in the server's order.
 *
 * @example galleryOrder([{ id: 1, position: 0, is_cover: false }, { id: 2, position: 1, is_cover: true }]) // ids 2, 1
 */
export function galleryOrder(images: readonly PropertyImage[] | null | undefined): PropertyImage[] {
  const sorted = [...(images ?? [])].sort((a, b) => a.position - b.position);
  const cover = sorted.find((image) => image.is_cover);
  return cover ? [cover, ...sorted.filter((image) => image !== cover)] : sorted;
}

/** `list` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item as T);
  return out;
}

/** The PUT /properties/{id}/images body for photos shown in `images`' order: the first is the cover. */
export function orderRequest(images: readonly PropertyImage[]): { order: Id[]; cover: Id | null } {
  return { order: images.map((image) => image.id), cover: images[0]?.id ?? null };
}

/** Same photos in the same order (the cover being the first, that is all the gallery can change). */
export const sameOrder = (a: readonly PropertyImage[], b: readonly PropertyImage[]): boolean =>
  a.length === b.length && a.every((image, i) => String(image.id) === String(b[i]?.id));

/** What the screen reader hears after a move: "Photo moved to position 2 of 5. It is now the cover." */
export function moveAnnouncement(to: number, count: number): string {
  return `Photo moved to position ${to + 1} of ${count}.${to === 0 ? ' It is now the cover.' : ''}`;
}

const MB = 1024 * 1024;

/** The messages of `checkPhotos`, also what the tests look for. */
export const PHOTO_CHECKS = {
  notImage: (name: string) => `${name}: only JPEG, PNG or WebP photos can be added.`,
  tooLarge: (name: string) => `${name}: a photo can be at most ${PROPERTY_IMAGE_MAX_BYTES / MB} MB.`,
  tooManyAtOnce: `At most ${PROPERTY_IMAGE_MAX_FILES} photos can be added at once; the first ${PROPERTY_IMAGE_MAX_FILES} were kept.`,
  full: (room: number) =>
    room > 0
      ? `A property keeps at most ${PROPERTY_MAX_IMAGES} photos; only ${room} more could be added.`
      : `A property keeps at most ${PROPERTY_MAX_IMAGES} photos; remove some before adding more.`,
} as const;

/**
 * Splits picked files into those worth sending and the reasons for the rest: the kinds and sizes
 * the server takes, at most PROPERTY_IMAGE_MAX_FILES at once, and no more than the gallery has room
 * for beside its `current` photos. The server checks the bytes again; this only spares a doomed
 * upload and says why before it starts.
 */
export function checkPhotos(files: readonly File[], current: number): { accepted: File[]; problems: string[] } {
  const problems: string[] = [];
  let accepted: File[] = [];
  for (const file of files) {
    if (!(PROPERTY_IMAGE_TYPES as readonly string[]).includes(file.type)) problems.push(PHOTO_CHECKS.notImage(file.name));
    else if (file.size > PROPERTY_IMAGE_MAX_BYTES) problems.push(PHOTO_CHECKS.tooLarge(file.name));
    else accepted.push(file);
  }
  if (accepted.length > PROPERTY_IMAGE_MAX_FILES) {
    accepted = accepted.slice(0, PROPERTY_IMAGE_MAX_FILES);
    problems.push(PHOTO_CHECKS.tooManyAtOnce);
  }
  const room = Math.max(0, PROPERTY_MAX_IMAGES - current);
  if (accepted.length > room) {
    accepted = accepted.slice(0, room);
    problems.push(PHOTO_CHECKS.full(room));
  }
  return { accepted, problems };
}
