/**
 * Property calls beyond one query: create with photos, update, delete with its files, and the
 * gallery (append, remove, order and cover). Photos are checked and rendered before anything is
 * written, written before the rows, and removed again when the rows cannot be written, so a
 * refused or failed call leaves neither rows nor files. Each change writes its event in its own
 * transaction (events.ts): a refused call writes none.
 */
import { PROPERTY_MAX_IMAGES, type PropertyFields, type PropertyImagesOrderRequest, type PropertyUpdateRequest } from '@contract';
import { DEMO_PHOTO_FOLDER, ensureDemoPhotos } from '../../db/demo-photos';
import type { NewPropertyImage, PropertyImageRow } from '../../db/schema';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { mediaStoreOf, mediaUrl } from '../../lib/media-store';
import type { ProcessedPhoto } from '../../lib/uploads-image';
import type { Deps } from '../../types';
import { type Actor, eventWriter, withEvents } from '../events/record';
import { galleryOf, logPhotos, logPropertyEdit, propertyRecord } from './events';
import { removeFiles, removeFolder, type StoredPhoto, writePhotos } from './images';
import { type PropertyAnswerBody, toProperty } from './mapper';
import { noteWrite } from './listings';
import { matchingLeads } from './matchingLeads';
import {
  deleteImage,
  deleteProperty,
  findProperty,
  imagesOf,
  insertImages,
  insertProperty,
  type ListedPage,
  type ListPage,
  listProperties,
  lockProperty,
  placeImage,
  type PropertyFilter,
  updateProperty,
} from './repository';

/** Most photos one property keeps (in the contract, so the edit screen knows it too). */
export { PROPERTY_MAX_IMAGES };

const uploadsOf = (deps: Deps) => mediaStoreOf(deps.config);

/**
 * Patches this process's copy of the company's listings (listings.ts) once a write and its event
 * are committed: inside the transaction the repository leaves the copy alone, and without the
 * patch the next filtered page would read the company's listings whole again.
 */
const committed = (deps: Deps, companyId: number, id: number) => noteWrite(deps.db, companyId, id);

/**
 * Photo rows as answered, once the shared demo photos they may reference are in the media store:
 * their paths are what clients show (lib/media-store `mediaUrl`: full URLs under a bucket).
 */
async function withDemoPhotos(deps: Deps, images: PropertyImageRow[]): Promise<PropertyImageRow[]> {
  if (images.some((image) => image.path.startsWith(`${DEMO_PHOTO_FOLDER}/`))) await ensureDemoPhotos(uploadsOf(deps));
  const prefix = deps.config.imagePrefix;
  return images.map((image) => ({
    ...image,
    path: mediaUrl(prefix, image.path),
    small_path: mediaUrl(prefix, image.small_path),
    medium_path: mediaUrl(prefix, image.medium_path),
  }));
}

/** The company's property `id` as answered, or 404. */
export async function ownProperty(deps: Deps, companyId: number, id: number): Promise<PropertyAnswerBody> {
  const row = await findProperty(deps.db, companyId, id);
  if (!row) throw notFound();
  return toProperty(row, await withDemoPhotos(deps, await imagesOf(deps.db, companyId, [id])));
}

/** The leads looking for the company's property `id` (matchingLeads.ts), or 404. */
export async function propertyMatchingLeads(deps: Deps, companyId: number, id: number): Promise<Awaited<ReturnType<typeof matchingLeads>>> {
  const property = await findProperty(deps.db, companyId, id);
  if (!property) throw notFound();
  return matchingLeads(deps.db, companyId, property);
}

/**
 * One page of the grid as the answer's JSON (repository `listProperties`: the database writes it,
 * each property as `toProperty` would), its total, and the order key after its last card when
 * more follow; the shared demo photos drawn first when the page shows one.
 */
export async function propertyPage(deps: Deps, companyId: number, filter: PropertyFilter, page: ListPage): Promise<ListedPage> {
  // What mediaUrl puts before a stored key: the prefix when it is a URL of its own, else nothing.
  const prefix = mediaUrl(deps.config.imagePrefix, '') ?? '';
  const listed = await listProperties(deps.db, companyId, filter, page, prefix);
  if (listed.demo) await ensureDemoPhotos(uploadsOf(deps));
  return listed;
}

const fieldValues = (fields: PropertyUpdateRequest) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out;
};

const imageRows = (
  companyId: number,
  propertyId: number,
  stored: readonly StoredPhoto[],
  firstPosition: number,
  coverIndex: number | null,
  at: string,
): NewPropertyImage[] =>
  stored.map((photo, i) => ({
    company_id: companyId,
    property_id: propertyId,
    path: photo.path,
    small_path: photo.small,
    medium_path: photo.medium,
    position: firstPosition + i,
    is_cover: i === coverIndex ? 1 : 0,
    created_at: at,
  }));

/**
 * Creates a property with its photos: `cover` (the property_cover_image of docs/product/data.md)
 * first, then `others` in their order. Without a cover the first other photo becomes the cover.
 * The row and its `property.created` event are one transaction; the photos' files need the row's
 * id, so they are written after it, outside any transaction (a slow store must not hold one).
 * When they cannot be stored the property goes again, with its `property.deleted` event, so the
 * log and anyone who heard of the property learn that it went.
 */
export async function createProperty(
  deps: Deps,
  actor: Actor & { userId: number },
  companyId: number,
  fields: PropertyFields,
  cover: ProcessedPhoto | null,
  others: readonly ProcessedPhoto[],
): Promise<PropertyAnswerBody> {
  const at = deps.clock().toISOString();
  const photos = cover ? [cover, ...others] : [...others];
  const created = await withEvents(deps, actor, async (tx, log) => {
    const id = await insertProperty(tx.db, {
      ...(fieldValues(fields) as PropertyFields),
      status: fields.status ?? 'available',
      company_id: companyId,
      created_by: actor.userId,
      created_at: at,
      updated_at: at,
    });
    const row = (await findProperty(tx.db, companyId, id))!;
    await log({ action: 'property.created', record: propertyRecord(row), data: { status: row.status, price: row.price, photos: photos.length } });
    return row;
  });
  const id = created.id;
  await committed(deps, companyId, id);
  const uploads = uploadsOf(deps);
  try {
    const stored = await writePhotos(uploads, id, photos);
    await insertImages(deps.db, imageRows(companyId, id, stored, 0, stored.length ? 0 : null, at));
  } catch (error) {
    await withEvents(deps, actor, async (tx, log) => {
      if (await deleteProperty(tx.db, companyId, id)) {
        await log({ action: 'property.deleted', record: propertyRecord(created), data: { reason: 'photos_not_stored' } });
      }
    }).catch(() => undefined);
    await committed(deps, companyId, id).catch(() => undefined);
    await removeFolder(uploads, id).catch(() => undefined);
    throw error;
  }
  return ownProperty(deps, companyId, id);
}

/** Saves the fields sent; the log gets the fields before → after, and the status on its own. */
export async function editProperty(deps: Deps, actor: Actor, companyId: number, id: number, fields: PropertyUpdateRequest): Promise<PropertyAnswerBody> {
  const changes = fieldValues(fields);
  // A cleared status goes back to the default rather than breaking the NOT NULL column.
  if ('status' in changes && changes.status == null) changes.status = 'available';
  await withEvents(deps, actor, async (tx, log) => {
    const before = await findProperty(tx.db, companyId, id);
    if (!before || !(await updateProperty(tx.db, companyId, id, { ...changes, updated_at: deps.clock().toISOString() }))) throw notFound();
    await logPropertyEdit(log, before, (await findProperty(tx.db, companyId, id))!);
  });
  await committed(deps, companyId, id);
  return ownProperty(deps, companyId, id);
}

/** Deletes the property with its `property.deleted` event, then its files. */
export async function removeProperty(deps: Deps, actor: Actor, companyId: number, id: number): Promise<void> {
  const images = await withEvents(deps, actor, async (tx, log) => {
    const property = await findProperty(tx.db, companyId, id);
    const images = await imagesOf(tx.db, companyId, [id]);
    if (!property || !(await deleteProperty(tx.db, companyId, id))) throw notFound();
    await log({ action: 'property.deleted', record: propertyRecord(property), data: { status: property.status, price: property.price, photos: images.length } });
    return images;
  });
  await committed(deps, companyId, id);
  const uploads = uploadsOf(deps);
  await removeFiles(uploads, id, images.flatMap((image) => [image.path, image.small_path, image.medium_path]));
  await removeFolder(uploads, id);
}

const tooManyPhotos = () => new HttpError(413, `A property keeps at most ${PROPERTY_MAX_IMAGES} photos; remove some first.`);

/**
 * Appends photos to the gallery; the first becomes the cover when the property has none.
 * The cap is checked twice: before the files are written (a full gallery costs no disk work),
 * and again under the property's lock in the transaction that inserts the rows, so uploads at
 * the same time — in this process or another — cannot both pass on one count. A call refused
 * there removes the files it wrote.
 */
export async function addImages(deps: Deps, actor: Actor, companyId: number, id: number, photos: readonly ProcessedPhoto[]): Promise<PropertyAnswerBody> {
  if (!(await findProperty(deps.db, companyId, id))) throw notFound();
  if ((await imagesOf(deps.db, companyId, [id])).length + photos.length > PROPERTY_MAX_IMAGES) throw tooManyPhotos();
  const at = deps.clock().toISOString();
  const uploads = uploadsOf(deps);
  const stored = await writePhotos(uploads, id, photos);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const property = await lockProperty(trx, companyId, id);
      if (!property) throw notFound();
      const current = await imagesOf(trx, companyId, [id]);
      if (current.length + stored.length > PROPERTY_MAX_IMAGES) throw tooManyPhotos();
      const next = current.reduce((most, image) => Math.max(most, image.position + 1), 0);
      const hasCover = current.some((image) => image.is_cover === 1);
      await insertImages(trx, imageRows(companyId, id, stored, next, hasCover || !stored.length ? null : 0, at));
      await updateProperty(trx, companyId, id, { updated_at: at });
      await logPhotos(eventWriter(deps, trx, actor), property, galleryOf(current), galleryOf(await imagesOf(trx, companyId, [id])));
    });
  } catch (error) {
    await removeFiles(uploads, id, stored.flatMap((photo) => [photo.path, photo.small, photo.medium]));
    throw error;
  }
  return ownProperty(deps, companyId, id);
}

/** Removes one photo and its files; when it was the cover, the first remaining photo becomes it. */
export async function removeImage(deps: Deps, actor: Actor, companyId: number, id: number, imageId: number): Promise<PropertyAnswerBody> {
  const property = await findProperty(deps.db, companyId, id);
  if (!property) throw notFound();
  const images = await imagesOf(deps.db, companyId, [id]);
  const image = images.find((candidate) => candidate.id === imageId);
  if (!image) throw notFound();
  const rest = images.filter((candidate) => candidate !== image);
  await deps.db.transaction().execute(async (trx) => {
    await deleteImage(trx, companyId, id, imageId);
    if (image.is_cover === 1 && rest[0]) await placeImage(trx, companyId, id, rest[0].id, rest[0].position, true);
    await updateProperty(trx, companyId, id, { updated_at: deps.clock().toISOString() });
    await logPhotos(eventWriter(deps, trx, actor), property, galleryOf(images), galleryOf(await imagesOf(trx, companyId, [id])));
  });
  await removeFiles(uploadsOf(deps), id, [image.path, image.small_path, image.medium_path]);
  return ownProperty(deps, companyId, id);
}

/** Puts the gallery in `order` (every photo id of the property, once) and sets the cover. */
export async function orderImages(deps: Deps, actor: Actor, companyId: number, id: number, request: PropertyImagesOrderRequest): Promise<PropertyAnswerBody> {
  const property = await findProperty(deps.db, companyId, id);
  if (!property) throw notFound();
  const images = await imagesOf(deps.db, companyId, [id]);
  const known = new Set(images.map((image) => image.id));
  const order = request.order;
  if (order.length !== known.size || new Set(order).size !== order.length || order.some((imageId) => !known.has(imageId))) {
    throw invalid({ order: ['List every photo of this property once, by id.'] });
  }
  const currentCover = images.find((image) => image.is_cover === 1)?.id ?? order[0] ?? null;
  const cover = request.cover ?? currentCover;
  if (cover != null && !known.has(cover)) throw invalid({ cover: ['The cover must be one of this property’s photos.'] });
  await deps.db.transaction().execute(async (trx) => {
    for (const [position, imageId] of order.entries()) await placeImage(trx, companyId, id, imageId, position, imageId === cover);
    await updateProperty(trx, companyId, id, { updated_at: deps.clock().toISOString() });
    await logPhotos(eventWriter(deps, trx, actor), property, galleryOf(images), galleryOf(await imagesOf(trx, companyId, [id])));
  });
  return ownProperty(deps, companyId, id);
}
