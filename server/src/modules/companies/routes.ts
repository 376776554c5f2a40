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
import * as z from 'zod/mini';
import {
  COMPANY_MEDIA_FIELDS,
  COMPANY_PATHS,
  CompanyCreateFields,
  CompanyUpdateRequest,
  MESSAGES,
  TEXT_MAX,
} from '@contract';
import { success } from '../../lib/answers';
import { invalid } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { multipart } from '../../lib/multipart';
import { route } from '../../lib/route';
import { acceptUploads } from '../../lib/uploads';
import { SERVER_OWNED_FIELDS } from '../../lib/validate';
import { actorOf } from '../events/record';
import { COMPANY_SERVER_OWNED } from './mapper';
import { COMPANY_MEDIA_MESSAGES, companyFormFiles, processCompanyPhotos } from './media';
import { allCompanies, assertEditable, createCompany, editCompany, readCompany, removeCompany, replaceMedia } from './service';

const ID = { id: parseId };
const IGNORED = [...SERVER_OWNED_FIELDS, ...COMPANY_SERVER_OWNED];
const LIST_FIELDS = ['operating_states', 'operating_cities', 'inventory_categories', 'lead_communication'] as const;
/** The company's fields, what a client may echo, and each list sent as repeated parts at its cap. */
const MAX_TEXT_PARTS = 40 + LIST_FIELDS.length * TEXT_MAX.listItems;

/**
 * Create: the company's fields as text parts (lists as JSON text, comma text or repeated parts),
 * the three images required; missing fields and missing images come back in one 422.
 */
const CREATE_FORM = multipart({
  text: CompanyCreateFields,
  ignore: IGNORED,
  lists: LIST_FIELDS,
  maxTextParts: MAX_TEXT_PARTS,
  ...companyFormFiles(COMPANY_MEDIA_MESSAGES.required),
  notMultipart: () => invalid({ icon: [COMPANY_MEDIA_MESSAGES.needsMultipart] }, COMPANY_MEDIA_MESSAGES.needsMultipart),
});

const noneSent = () => invalid({ _: [COMPANY_MEDIA_MESSAGES.noneSent] }, COMPANY_MEDIA_MESSAGES.noneSent);
/** The media call: any of the three images, at least one; no other field (the images' names may come as text, ignored). */
const MEDIA_FORM = multipart({
  text: z.object({}),
  maxTextParts: COMPANY_MEDIA_FIELDS.length,
  ...companyFormFiles(),
  notMultipart: noneSent,
  noFiles: noneSent,
});

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
    handler: async ({ user, request, reply }) => {
      const { fields, all } = await CREATE_FORM.read(request);
      const photos = await processCompanyPhotos({ files: all }, true);
      const data = await createCompany(app, actorOf({ user, request }), fields, photos);
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
      return success({ message: MESSAGES.companies.updated, data: await editCompany(app, actorOf({ user, request }), user, params.id, body, present) });
    },
  });

  route(app, {
    method: 'POST',
    url: COMPANY_PATHS.media(':id'),
    params: ID,
    handler: async ({ params, user, request }) => {
      // Who may change the company is settled first: another company's id is 404 whatever was sent.
      await assertEditable(app, user, params.id);
      const { all } = await MEDIA_FORM.read(request);
      const photos = await processCompanyPhotos({ files: all }, false);
      return success({ message: MESSAGES.companies.updated, data: await replaceMedia(app, actorOf({ user, request }), user, params.id, photos) });
    },
  });

  route(app, {
    method: 'DELETE',
    url: COMPANY_PATHS.one(':id'),
    params: ID,
    handler: async ({ params, user, request }) => {
      await removeCompany(app, actorOf({ user, request }), params.id);
      return success({ message: MESSAGES.companies.deleted });
    },
  });
}
