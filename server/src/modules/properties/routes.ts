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
  PROPERTY_IMAGE_MAX_FILES,
  PROPERTY_PAGE_SIZE,
  PROPERTY_PATHS,
  PropertyFields,
  PropertyImagesOrderRequest,
  PropertyListQuery,
  PropertyUpdateRequest,
  SUCCESS,
} from '@contract';
import { JSON_TYPE, success } from '../../lib/answers';
import { invalid } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/route';
import { multipart, PHOTO_KINDS } from '../../lib/multipart';
import { acceptUploads } from '../../lib/uploads';
import { SERVER_OWNED_FIELDS } from '../../lib/validate';
import { actorOf } from '../events/record';
import { decodeCursor, encodeCursor } from './cursor';
import { PHOTO_FORM_CAPS, processPhotos } from './images';
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
const IGNORED = [...SERVER_OWNED_FIELDS, ...PROPERTY_SERVER_OWNED];
const COVER_FIELD = 'property_cover_image';
/** The property's fields, the server-owned ones a client may echo, and a little room. */
const MAX_TEXT_PARTS = 40;

const needsMultipart = (field: string) => invalid({ [field]: ['Send the property as multipart/form-data.'] });

/** Create: the property's fields as text parts, a cover (one) and the other photos. Without a cover the first other photo becomes it. */
const CREATE_FORM = multipart({
  text: PropertyFields,
  ignore: IGNORED,
  files: {
    [COVER_FIELD]: { max: PROPERTY_IMAGE_MAX_FILES, most: { count: 1, message: 'Only one cover image can be sent.' }, kinds: PHOTO_KINDS },
    property_other_images: { parts: ['property_other_images[]', 'property_other_images'], max: PROPERTY_IMAGE_MAX_FILES, kinds: PHOTO_KINDS },
  },
  maxTextParts: MAX_TEXT_PARTS,
  notMultipart: () => needsMultipart(COVER_FIELD),
  ...PHOTO_FORM_CAPS,
});

/** The gallery's append: photos in `images[]` (or `images`), at least one. */
const IMAGES_FORM = multipart({
  files: { images: { parts: ['images[]', 'images'], max: PROPERTY_IMAGE_MAX_FILES, kinds: PHOTO_KINDS } },
  maxTextParts: 5,
  notMultipart: () => needsMultipart('images'),
  noFiles: () => invalid({ images: [MESSAGES.validation.imageOnly] }),
  ...PHOTO_FORM_CAPS,
});

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
      const { fields, files } = await CREATE_FORM.read(request);
      const [cover = null] = await processPhotos(files[COVER_FIELD]);
      const otherPhotos = await processPhotos(files.property_other_images);
      const data = await createProperty(app, { ...actorOf({ user, request }), userId: user.id }, company, fields, cover, otherPhotos);
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
    handler: async ({ params, body, company, user, request }) => success({ data: await editProperty(app, actorOf({ user, request }), company, params.id, body) }),
  });

  route(app, {
    method: 'DELETE',
    url: PROPERTY_PATHS.one(':id'),
    params: ID,
    handler: async ({ params, company, user, request }) => {
      await removeProperty(app, actorOf({ user, request }), company, params.id);
      return success();
    },
  });

  route(app, {
    method: 'POST',
    url: PROPERTY_PATHS.images(':id'),
    params: ID,
    handler: async ({ params, company, user, request }) => {
      // The property is looked up first, so another company's id is 404 whatever was sent.
      await ownProperty(app, company, params.id);
      const photos = await processPhotos((await IMAGES_FORM.read(request)).files.images);
      return success({ data: await addImages(app, actorOf({ user, request }), company, params.id, photos) });
    },
  });

  route(app, {
    method: 'PUT',
    url: PROPERTY_PATHS.images(':id'),
    params: ID,
    body: PropertyImagesOrderRequest,
    handler: async ({ params, body, company, user, request }) => success({ data: await orderImages(app, actorOf({ user, request }), company, params.id, body) }),
  });

  route(app, {
    method: 'DELETE',
    url: PROPERTY_PATHS.image(':id', ':imageId'),
    params: { id: parseId, imageId: parseId },
    handler: async ({ params, company, user, request }) => success({ data: await removeImage(app, actorOf({ user, request }), company, params.id, params.imageId) }),
  });
}
