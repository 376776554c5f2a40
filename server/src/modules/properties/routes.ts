/**
 * The properties calls (src/contract/properties.ts) — list (page, limit = 12; beyond the original
 * description the filters search, type, status, min_price, max_price, bedrooms, and paging by
 * `cursor` with
 * `next_cursor`), get, create (multipart with photos), update (JSON), delete — and beyond the original description
 * the edit screen's gallery (append photos, remove one, order them and pick the cover) and the
 * company's leads matching a property (lead-read and property-read).
 * Everything works on the caller's company only: another company's property answers 404 and
 * stays unchanged. Who may call (property-read, -create, -edit, -delete): src/route-access.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  PROPERTY_PAGE_SIZE,
  PROPERTY_PATHS,
  PropertyFields,
  PropertyImagesOrderRequest,
  PropertyListQuery,
  PropertyUpdateRequest,
  SUCCESS,
} from '@contract';
import { success } from '../../lib/answers';
import { invalid } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/route';
import { acceptUploads, isMultipart } from '../../lib/uploads';
import { parse, SERVER_OWNED_FIELDS } from '../../lib/validate';
import { decodeCursor, encodeCursor } from './cursor';
import { processPhotos, readPhotoUpload } from './images';
import { PROPERTY_SERVER_OWNED } from './mapper';
import {
  addImages,
  createProperty,
  editProperty,
  orderImages,
  ownProperty,
  propertyMatchingLeads,
  propertyPage,
  removeImage,
  removeProperty,
} from './service';

const ID = { id: parseId };
const JSON_TYPE = 'application/json; charset=utf-8';
const IGNORED = [...SERVER_OWNED_FIELDS, ...PROPERTY_SERVER_OWNED];
const COVER_FIELD = 'property_cover_image';
const OTHER_FIELDS = ['property_other_images[]', 'property_other_images'];
const IMAGE_FIELDS = ['images[]', 'images'];
/** The property's fields, the server-owned ones a client may echo, and a little room. */
const MAX_TEXT_PARTS = 40;

const needsMultipart = (field: string) => invalid({ [field]: ['Send the property as multipart/form-data.'] });

export default async function propertyRoutes(app: FastifyInstance): Promise<void> {
  acceptUploads(app);

  route(app, {
    method: 'GET',
    url: PROPERTY_PATHS.list,
    query: PropertyListQuery,
    handler: async ({ query, company, reply }) => {
      const page = pageOf({ pageSize: query.limit, pageNumber: query.page }, PROPERTY_PAGE_SIZE);
      const filter = {
        search: query.search,
        type: query.type,
        status: query.status || null,
        minPrice: query.min_price,
        maxPrice: query.max_price,
        bedrooms: query.bedrooms,
      };
      // An earlier answer's next_cursor wins over the page number (docs/properties-api.md).
      const start = query.cursor ? { size: page.size, after: decodeCursor(query.cursor) } : page;
      const { json, total, next } = await propertyPage(app, company, filter, start);
      // The cards arrive as JSON text: the answer is written around them, not parsed and serialised again.
      const cursor = JSON.stringify(next && encodeCursor(next));
      return reply.type(JSON_TYPE).send(`{"status":${JSON.stringify(SUCCESS)},"data":[${json}],"total":${total},"next_cursor":${cursor}}`);
    },
  });

  route(app, {
    method: 'GET',
    url: PROPERTY_PATHS.one(':id'),
    params: ID,
    handler: async ({ params, company }) => success({ data: await ownProperty(app, company, params.id) }),
  });

  route(app, {
    method: 'GET',
    url: PROPERTY_PATHS.leads(':id'),
    params: ID,
    handler: async ({ params, company }) => {
      return success(await propertyMatchingLeads(app, company, params.id));
    },
  });

  route(app, {
    method: 'POST',
    url: PROPERTY_PATHS.create,
    handler: async ({ company, user, request, reply }) => {
      if (!isMultipart(request)) throw needsMultipart(COVER_FIELD);
      const upload = await readPhotoUpload(request, [COVER_FIELD, ...OTHER_FIELDS], MAX_TEXT_PARTS);
      // A client may send the image fields as text too (empty, or JSON of paths): files only count.
      const texts = { ...upload.fields };
      for (const field of [COVER_FIELD, ...OTHER_FIELDS]) delete texts[field];
      const fields = parse(PropertyFields, texts, { allowExtra: IGNORED });
      const covers = upload.files.filter((file) => file.field === COVER_FIELD);
      if (covers.length > 1) throw invalid({ [COVER_FIELD]: ['Only one cover image can be sent.'] });
      const others = upload.files.filter((file) => file.field !== COVER_FIELD);
      const [cover = null] = await processPhotos(covers);
      const otherPhotos = await processPhotos(others);
      const data = await createProperty(app, company, user.id, fields, cover, otherPhotos);
      reply.code(201);
      return success({ message: MESSAGES.properties.added, data });
    },
  });

  route(app, {
    method: 'PUT',
    url: PROPERTY_PATHS.one(':id'),
    params: ID,
    body: PropertyUpdateRequest,
    ignore: IGNORED,
    handler: async ({ params, body, company }) => success({ data: await editProperty(app, company, params.id, body) }),
  });

  route(app, {
    method: 'DELETE',
    url: PROPERTY_PATHS.one(':id'),
    params: ID,
    handler: async ({ params, company }) => {
      await removeProperty(app, company, params.id);
      return success();
    },
  });

  route(app, {
    method: 'POST',
    url: PROPERTY_PATHS.images(':id'),
    params: ID,
    handler: async ({ params, company, request }) => {
      // The property is looked up first, so another company's id is 404 whatever was sent.
      await ownProperty(app, company, params.id);
      if (!isMultipart(request)) throw needsMultipart('images');
      const upload = await readPhotoUpload(request, IMAGE_FIELDS, 5);
      if (!upload.files.length) throw invalid({ images: [MESSAGES.validation.imageOnly] });
      const photos = await processPhotos(upload.files);
      return success({ data: await addImages(app, company, params.id, photos) });
    },
  });

  route(app, {
    method: 'PUT',
    url: PROPERTY_PATHS.images(':id'),
    params: ID,
    body: PropertyImagesOrderRequest,
    handler: async ({ params, body, company }) => success({ data: await orderImages(app, company, params.id, body) }),
  });

  route(app, {
    method: 'DELETE',
    url: PROPERTY_PATHS.image(':id', ':imageId'),
    params: { id: parseId, imageId: parseId },
    handler: async ({ params, company }) => success({ data: await removeImage(app, company, params.id, params.imageId) }),
  });
}
