/**
 * Company calls beyond one query: who may see and change which company, create with its images,
 * update, replace images, and delete with everything the company owns.
 *
 * Who: the super admin reads and changes any company; a company's own people read it; its admin
 * (user type admin) changes it; its agents may not (403). Anyone else's company answers 404, as a
 * missing one does, and stays unchanged.
 *
 * Images are checked and rendered before anything is written, written before the row points at
 * them, and removed again when the row cannot be written; the files a replaced image leaves are
 * removed once the row points at the new one.
 *
 * Deleting a company deletes everything it owns, nothing is kept or handed elsewhere: its users
 * (the super admin belongs to no company), their sessions (their tokens answer 401 at once), their
 * e-mail and reset tokens and the outbox mail addressed to them, its invitations, roles, workflow
 * statuses, leads, properties and photo rows — one transaction — then its files: its images, its
 * properties' photo folders and its people's avatars. The shared demo drawings stay.
 *
 * Each change writes its event (events.ts) in the transaction that makes it, under the company's
 * own id: the super admin's changes show in the company's log.
 */
import { COMPANY_MEDIA_FIELDS, type CompanyCreateFields, type CompanyUpdateRequest, format, MESSAGES } from '@contract';
import type { CompanyRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { mediaStoreOf, mediaUrl } from '../../lib/media-store';
import type { AuthContext, Deps } from '../../types';
import { type Actor, eventWriter, withEvents } from '../events/record';
import { companyChanges, companyRecord } from './events';
import { removeOwnedFiles } from './belongings';
import { ensureDemoCompanyMedia, isDemoMedia } from './demo-media';
import { type CompanyAnswerBody, toCompany } from './mapper';
import { type CompanyPhotos, removeCompanyFiles, removeCompanyFolder, writeCompanyPhotos } from './media';
import {
  companyBelongings,
  createCompanyWithDefaults,
  deleteCompanyRows,
  findCompany,
  listCompanies,
  lockCompany,
  updateCompany,
  type CompanyFields,
  type CompanyUpdate,
} from './repository';

type Caller = AuthContext['user'];

export const COMPANY_ACCESS_MESSAGES = {
  adminOnly: format(MESSAGES.permission.denied, { permission: 'company-edit' }),
} as const;

const uploadsOf = (deps: Deps) => mediaStoreOf(deps.config);
const isSuperAdmin = (caller: Caller) => caller.user_type === 'super_admin';

/** Image fields of an answer, each a stored path or null. */
const MEDIA_ANSWER_FIELDS = COMPANY_MEDIA_FIELDS.flatMap((field) => [field, `${field}_small`, `${field}_medium`] as const);

/**
 * The answer of a row, once the shared demo images it may point at are in the media store, with
 * image paths as clients show them (lib/media-store `mediaUrl`: full URLs under a bucket).
 */
async function answerOf(deps: Deps, rows: CompanyRow[]): Promise<CompanyAnswerBody[]> {
  if (rows.some((row) => COMPANY_MEDIA_FIELDS.some((field) => isDemoMedia(row[field])))) {
    // A profile without its pictures beats no profile: a store that cannot be written (it is
    // tried again on the next read) leaves the demo images missing, not the company.
    await ensureDemoCompanyMedia(uploadsOf(deps)).catch(() => undefined);
  }
  return rows.map((row) => {
    const answer = toCompany(row);
    for (const field of MEDIA_ANSWER_FIELDS) answer[field] = mediaUrl(deps.config.imagePrefix, answer[field]);
    return answer;
  });
}

/** The company `id` if the caller may read it (the super admin, or one of its people), else 404. */
async function readableRow(deps: Deps, caller: Caller, id: number): Promise<CompanyRow> {
  if (!isSuperAdmin(caller) && caller.company_id !== id) throw notFound();
  const row = await findCompany(deps.db, id);
  if (!row) throw notFound();
  return row;
}

/** As `readableRow`, and the caller may change it (the super admin or the company's admin: its agents get 403). */
async function editableRow(deps: Deps, caller: Caller, id: number): Promise<CompanyRow> {
  const row = await readableRow(deps, caller, id);
  if (!isSuperAdmin(caller) && caller.user_type !== 'admin') throw new HttpError(403, COMPANY_ACCESS_MESSAGES.adminOnly);
  return row;
}

/** 404 or 403 unless the caller may change company `id` (checked before a body is read). */
export async function assertEditable(deps: Deps, caller: Caller, id: number): Promise<void> {
  await editableRow(deps, caller, id);
}

export async function allCompanies(deps: Deps): Promise<CompanyAnswerBody[]> {
  return answerOf(deps, await listCompanies(deps.db));
}

export async function readCompany(deps: Deps, caller: Caller, id: number): Promise<CompanyAnswerBody> {
  const [answer] = await answerOf(deps, [await readableRow(deps, caller, id)]);
  return answer!;
}

/** The answer of a company the call has just written. */
async function freshAnswer(deps: Deps, id: number): Promise<CompanyAnswerBody> {
  const row = await findCompany(deps.db, id);
  if (!row) throw notFound();
  const [answer] = await answerOf(deps, [row]);
  return answer!;
}

const listText = (list: readonly string[] | undefined | null) => (list == null ? list : JSON.stringify(list));

/** Contract fields as columns: lists become JSON text; fields left out stay out. */
function columnsOf(fields: Partial<CompanyCreateFields> | Partial<CompanyUpdateRequest>): CompanyUpdate {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || key === 'id') continue;
    out[key] = Array.isArray(value) ? listText(value) : value;
  }
  return out as CompanyUpdate;
}

/**
 * Creates a company with the defaults every company starts with (workflow statuses, roles) and its
 * images. A failure after the row exists removes the row again and the folder, so nothing is left.
 */
export async function createCompany(deps: Deps, actor: Actor, fields: CompanyCreateFields, photos: CompanyPhotos): Promise<CompanyAnswerBody> {
  const at = deps.clock().toISOString();
  const columns = { ...(columnsOf(fields) as CompanyFields), icon: null, logo: null, cover_photo: null };
  const companyId = await withEvents(deps, actor, async (tx, log) => {
    const { companyId } = await createCompanyWithDefaults(tx.db, columns, at);
    const record = companyRecord({ id: companyId, display_name: columns.display_name });
    await log({ action: 'company.created', record, companyId, data: { media: Object.keys(photos) } });
    return companyId;
  });
  const uploads = uploadsOf(deps);
  try {
    const stored = await writeCompanyPhotos(uploads, companyId, photos);
    await updateCompany(deps.db, companyId, stored);
  } catch (error) {
    // The company was there for a moment: it goes with its event, so its log and listeners learn it.
    await withEvents(deps, actor, async (tx, log) => {
      if (!(await deleteCompanyRows(tx.db, companyId, await companyBelongings(tx.db, companyId)))) return;
      const record = companyRecord({ id: companyId, display_name: columns.display_name });
      await log({ action: 'company.deleted', record, companyId, data: { reason: 'images_not_stored' } });
    }).catch(() => undefined);
    await removeCompanyFolder(uploads, companyId).catch(() => undefined);
    throw error;
  }
  return freshAnswer(deps, companyId);
}

/** Changes the fields `present` in the body (the rest keep their values). */
export async function editCompany(
  deps: Deps,
  actor: Actor,
  caller: Caller,
  id: number,
  fields: CompanyUpdateRequest,
  present: ReadonlySet<string>,
): Promise<CompanyAnswerBody> {
  await editableRow(deps, caller, id);
  const sent = Object.fromEntries(Object.entries(fields).filter(([key]) => present.has(key))) as Partial<CompanyUpdateRequest>;
  const columns = columnsOf(sent);
  await withEvents(deps, actor, async (tx, log) => {
    const before = await findCompany(tx.db, id);
    if (!before || !(await updateCompany(tx.db, id, { ...columns, updated_at: deps.clock().toISOString() }))) throw notFound();
    const after = (await findCompany(tx.db, id))!;
    const changes = companyChanges(before, after, Object.keys(columns));
    if (Object.keys(changes).length > 0) await log({ action: 'company.updated', record: companyRecord(after), companyId: id, changes });
  });
  return freshAnswer(deps, id);
}

/** Replaces the images sent; the replaced ones' files go once the row points at the new ones. */
export async function replaceMedia(deps: Deps, actor: Actor, caller: Caller, id: number, photos: CompanyPhotos): Promise<CompanyAnswerBody> {
  await editableRow(deps, caller, id);
  const uploads = uploadsOf(deps);
  const stored = await writeCompanyPhotos(uploads, id, photos);
  let replaced: (string | null)[];
  try {
    // What is replaced is read under the row's lock, so a concurrent replacement's file is never left behind.
    replaced = await deps.db.transaction().execute(async (trx) => {
      const current = await lockCompany(trx, id);
      if (!current) throw notFound();
      await updateCompany(trx, id, { ...stored, updated_at: deps.clock().toISOString() });
      const media = COMPANY_MEDIA_FIELDS.filter((field) => stored[field]);
      await eventWriter(deps, trx, actor)({ action: 'company.updated', record: companyRecord(current), companyId: id, data: { media } });
      return COMPANY_MEDIA_FIELDS.filter((field) => stored[field]).map((field) => current[field]);
    });
  } catch (error) {
    await removeCompanyFiles(uploads, id, Object.values(stored));
    throw error;
  }
  await removeCompanyFiles(uploads, id, replaced);
  return freshAnswer(deps, id);
}

/**
 * Deletes the company with everything it owns (repository.ts `deleteCompanyRows`: users, their
 * sessions and tokens, roles, workflow statuses, leads, properties, invitations, mail to its
 * people), then its files: its images, its properties' photo folders, its people's avatars.
 */
export async function removeCompany(deps: Deps, actor: Actor, id: number): Promise<void> {
  const belongings = await withEvents(deps, actor, async (tx, log) => {
    const company = await findCompany(tx.db, id);
    const found = await companyBelongings(tx.db, id);
    if (!company || !(await deleteCompanyRows(tx.db, id, found))) throw notFound();
    await log({ action: 'company.deleted', record: companyRecord(company), companyId: id, data: { users: found.userIds.length, properties: found.propertyIds.length } });
    return found;
  });
  const uploads = uploadsOf(deps);
  await removeCompanyFolder(uploads, id);
  await removeOwnedFiles(uploads, belongings);
}
