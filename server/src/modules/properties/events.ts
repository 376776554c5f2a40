/**
 * What the activity log says of a property (docs/activity.md): the record it names, the fields an
 * edit compares before and after, and what a gallery change did. The status is its own event
 * (`property.status_changed`), as a lead's is.
 */
import type { PropertyImageRow, PropertyRow } from '../../db/schema';
import { changesBetween, type LogEvent, type RecordRef } from '../events/record';

/** A property as the log names it: by its title now. */
export const propertyRecord = (property: Pick<PropertyRow, 'id' | 'title'>): RecordRef => ({ type: 'property', id: property.id, label: property.title });

/** The fields an edit may change, compared before and after; the status is logged on its own. */
const EDITED_FIELDS = [
  'title',
  'description',
  'property_type',
  'location',
  'address',
  'price',
  'bedrooms',
  'bathrooms',
  'square_footage',
  'lot_size',
  'year_built',
  'features',
  'area_units',
  'square_yards',
  'registration_number',
  'certificates',
] as const;

/** Logs an edit of `before` → `after`: the fields that changed, then the status when it did. Nothing when nothing changed. */
export async function logPropertyEdit(log: LogEvent, before: PropertyRow, after: PropertyRow): Promise<void> {
  const edited = changesBetween(before, after, EDITED_FIELDS);
  if (Object.keys(edited).length > 0) await log({ action: 'property.updated', record: propertyRecord(after), changes: edited });
  if (before.status !== after.status) {
    await log({ action: 'property.status_changed', record: propertyRecord(after), changes: { status: [before.status, after.status] } });
  }
}

/** A gallery as the log compares it: photo ids in order, and the cover's. */
export function galleryOf(images: readonly Pick<PropertyImageRow, 'id' | 'is_cover'>[]): { order: number[]; cover: number | null } {
  return { order: images.map((image) => image.id), cover: images.find((image) => image.is_cover === 1)?.id ?? null };
}

/**
 * Logs a gallery change: `data` says what was done (photos added or removed, by id), `changes`
 * the order and cover before → after when they moved. Nothing when the gallery is as it was.
 */
export async function logPhotos(
  log: LogEvent,
  property: Pick<PropertyRow, 'id' | 'title'>,
  before: ReturnType<typeof galleryOf>,
  after: ReturnType<typeof galleryOf>,
): Promise<void> {
  const kept = new Set(after.order);
  const had = new Set(before.order);
  const added = after.order.filter((id) => !had.has(id));
  const removed = before.order.filter((id) => !kept.has(id));
  // The order compares the photos both sides hold: an added or removed one is said in `data`.
  const orderBefore = before.order.filter((id) => kept.has(id));
  const orderAfter = after.order.filter((id) => had.has(id));
  const changes = changesBetween({ order: orderBefore, cover: before.cover }, { order: orderAfter, cover: after.cover }, ['order', 'cover']);
  if (!added.length && !removed.length && !Object.keys(changes).length) return;
  const data: Record<string, unknown> = {};
  if (added.length) data.added = added;
  if (removed.length) data.removed = removed;
  if (changes.order) data.reordered = true;
  if (changes.cover) data.cover = after.cover;
  await log({ action: 'property.photos_changed', record: propertyRecord(property), changes, data });
}
