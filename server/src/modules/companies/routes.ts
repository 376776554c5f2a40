/**
 * The company calls of src/contract/companies.ts, one of them beyond the original description:
 *
 * - POST /company (super admin): multipart; scalar fields as they are; list fields (operating
 *   states and cities, inventory categories, lead communication) as JSON text, comma text or a
 *   list of repeated parts (`operating_states[]`); the files icon, logo and cover_photo, all three
 *   required (docs/product/rules.md). 201 with the company.
 * - GET /company (super admin): every company. GET /company/{id}: the super admin any, a company's
 *   own people their own, anyone else 404.
 * - PUT /company/{id} (JSON): the super admin any company, a company admin their own (agents 403,
 *   others 404). Only the fields sent change; the object GET answered may be sent back.
 * - POST /company/{id}/media (beyond the original description, same rule as PUT): replaces any of the three images.
 * - DELETE /company/{id} (super admin): the company and everything it owns (service.ts).
 *
 * Links (website, instagram, facebook, linkedin) must be http(s) URLs: anything else is 422 on
 * create and update. Images follow the property photos' rules (media.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  COMPANY_MEDIA_FIELDS,
  COMPANY_PATHS,
  CompanyCreateFields,
  CompanyUpdateRequest,
  MESSAGES,
  TEXT_MAX,
} from '@contract';
import { success } from '../../lib/answers';
import { HttpError, invalid } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { route } from '../../lib/route';
import { acceptUploads, isMultipart, type Upload } from '../../lib/uploads';
import { parse, SERVER_OWNED_FIELDS } from '../../lib/validate';
import { COMPANY_SERVER_OWNED } from './mapper';
import { COMPANY_MEDIA_MESSAGES, processCompanyPhotos, readCompanyUpload } from './media';
import { allCompanies, assertEditable, createCompany, editCompany, readCompany, removeCompany, replaceMedia } from './service';

const ID = { id: parseId };
const IGNORED = [...SERVER_OWNED_FIELDS, ...COMPANY_SERVER_OWNED];
const LIST_FIELDS = ['operating_states', 'operating_cities', 'inventory_categories', 'lead_communication'] as const;
/** The company's fields, what a client may echo, and each list sent as repeated parts at its cap. */
const MAX_TEXT_PARTS = 40 + LIST_FIELDS.length * TEXT_MAX.listItems;

/** The text parts of a create as the contract schema reads them: repeated list parts become lists. */
function textFields(upload: Upload): Record<string, unknown> {
  const out: Record<string, unknown> = { ...upload.fields };
  // A client may send the image fields as text too (empty): files only count.
  for (const field of COMPANY_MEDIA_FIELDS) delete out[field];
  for (const field of LIST_FIELDS) {
    const bracketed = upload.lists[`${field}[]`];
    const plain = upload.lists[field];
    delete out[`${field}[]`];
    if (bracketed) out[field] = bracketed;
    else if (plain && plain.length > 1) out[field] = plain;
  }
  return out;
}

/** The field errors of a 422, or the error itself when it is anything else. */
function errorsOf(error: unknown): Record<string, string[]> {
  if (error instanceof HttpError && error.statusCode === 422 && error.errors) return error.errors;
  throw error;
}

export default async function companyRoutes(app: FastifyInstance): Promise<void> {
  acceptUploads(app);

  route(app, {
    method: 'GET',
    url: COMPANY_PATHS.list,
    handler: async () => success({ data: await allCompanies(app) }),
  });

  route(app, {
    method: 'GET',
    url: COMPANY_PATHS.one(':id'),
    params: ID,
    handler: async ({ params, user }) => success({ data: await readCompany(app, user, params.id) }),
  });

  route(app, {
    method: 'POST',
    url: COMPANY_PATHS.create,
    handler: async ({ request, reply }) => {
      if (!isMultipart(request)) throw invalid({ icon: [COMPANY_MEDIA_MESSAGES.needsMultipart] }, COMPANY_MEDIA_MESSAGES.needsMultipart);
      const upload = await readCompanyUpload(request, MAX_TEXT_PARTS);
      // Every field's problem in one answer, the missing images beside the text fields'.
      let fields: CompanyCreateFields | null = null;
      let errors: Record<string, string[]> = {};
      try {
        fields = parse(CompanyCreateFields, textFields(upload), { allowExtra: IGNORED });
      } catch (error) {
        errors = errorsOf(error);
      }
      const missing = COMPANY_MEDIA_FIELDS.filter((field) => !upload.files.some((file) => file.field === field));
      for (const field of missing) errors[field] = [COMPANY_MEDIA_MESSAGES.required];
      if (!fields || Object.keys(errors).length) throw invalid(errors);
      const photos = await processCompanyPhotos(upload, true);
      const data = await createCompany(app, fields, photos);
      reply.code(201);
      return success({ message: MESSAGES.companies.created, data });
    },
  });

  route(app, {
    method: 'PUT',
    url: COMPANY_PATHS.one(':id'),
    params: ID,
    body: CompanyUpdateRequest,
    ignore: IGNORED,
    handler: async ({ params, body, user, request }) => {
      const present = new Set(Object.keys(request.body as Record<string, unknown>));
      return success({ message: MESSAGES.companies.updated, data: await editCompany(app, user, params.id, body, present) });
    },
  });

  route(app, {
    method: 'POST',
    url: COMPANY_PATHS.media(':id'),
    params: ID,
    handler: async ({ params, user, request }) => {
      // Who may change the company is settled first: another company's id is 404 whatever was sent.
      await assertEditable(app, user, params.id);
      if (!isMultipart(request)) throw invalid({ _: [COMPANY_MEDIA_MESSAGES.noneSent] }, COMPANY_MEDIA_MESSAGES.noneSent);
      const upload = await readCompanyUpload(request, COMPANY_MEDIA_FIELDS.length);
      const unknown = Object.keys(upload.fields).filter((name) => !(COMPANY_MEDIA_FIELDS as readonly string[]).includes(name));
      if (unknown.length) throw invalid(Object.fromEntries(unknown.map((name) => [name, [MESSAGES.generic.unknownField]])));
      if (!upload.files.length) throw invalid({ _: [COMPANY_MEDIA_MESSAGES.noneSent] }, COMPANY_MEDIA_MESSAGES.noneSent);
      const photos = await processCompanyPhotos(upload, false);
      return success({ message: MESSAGES.companies.updated, data: await replaceMedia(app, user, params.id, photos) });
    },
  });

  route(app, {
    method: 'DELETE',
    url: COMPANY_PATHS.one(':id'),
    params: ID,
    handler: async ({ params }) => {
      await removeCompany(app, params.id);
      return success({ message: MESSAGES.companies.deleted });
    },
  });
}
