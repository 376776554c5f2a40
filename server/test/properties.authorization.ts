/**
 * Rows of authorization.table.ts for the properties calls: GETs need property-read (matching leads
 * lead-read too), POST property-create, PUT and the gallery calls property-edit, DELETE
 * property-delete (the demo agent has property-read only: 403). The agent holding every property-*
 * permission does all of it but matching leads (no lead-read: 403); the one holding only lead-read
 * none of it. The super admin has no company (403). Harbor's admin gets 404 for Skyline's properties.
 */
import type { AuthorizationCase, TableFixtures } from './authorization.table';
import { companyIdOf } from './helpers/leads';
import { multipartBody, PNG_BYTES } from './helpers/multipart';
import type { TablePersona } from './helpers/tablePersonas';

type Expect = Record<TablePersona, number>;
const expectOf = (skylineAdmin: number, skylineAgent: number, harborAdmin: number, propertyAgent = skylineAdmin): Expect => ({
  anonymous: 401,
  superAdmin: 403,
  skylineAdmin,
  skylineAgent,
  harborAdmin,
  propertyAgent,
  leadReader: 403,
});

/** A throwaway Skyline property with one photo row; its id and the photo's. */
async function skylineProperty(f: TableFixtures): Promise<{ id: number; imageId: number }> {
  const db = f.ctx.app.db;
  const companyId = (await companyIdOf(db, 'skylineAdmin'))!;
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('properties')
    .values({ company_id: companyId, title: 'Table property', status: 'available', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const image = await db
    .insertInto('property_images')
    .values({ company_id: companyId, property_id: id, path: `properties/${id}/table.png`, position: 0, is_cover: 1, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, imageId: image.id };
}

const photoForm = (field: string, fields: Record<string, string> = {}) =>
  multipartBody([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    { name: field, filename: 'one.png', type: 'image/png', data: PNG_BYTES },
  ]);

export const PROPERTY_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  {
    route: 'GET /api/v1/properties',
    title: "the caller's properties",
    request: () => ({ method: 'GET', url: '/api/v1/properties?page=1&limit=12' }),
    expect: expectOf(200, 200, 200),
  },
  {
    route: 'GET /api/v1/properties/:id',
    title: 'a Skyline property',
    request: async (f) => ({ method: 'GET', url: `/api/v1/properties/${(await skylineProperty(f)).id}` }),
    expect: expectOf(200, 200, 404),
  },
  {
    route: 'POST /api/v1/properties',
    title: 'add a property with a cover (the agent lacks property-create)',
    request: () => {
      const body = photoForm('property_cover_image', { title: 'Table villa', property_type: 'Villa' });
      return { method: 'POST', url: '/api/v1/properties', payload: body.payload, headers: body.headers };
    },
    expect: expectOf(201, 403, 201),
  },
  {
    route: 'PUT /api/v1/properties/:id',
    title: 'edit a Skyline property (the agent lacks property-edit)',
    request: async (f) => ({ method: 'PUT', url: `/api/v1/properties/${(await skylineProperty(f)).id}`, payload: { title: 'Edited' } }),
    expect: expectOf(200, 403, 404),
  },
  {
    route: 'DELETE /api/v1/properties/:id',
    title: 'delete a Skyline property (the agent lacks property-delete)',
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/properties/${(await skylineProperty(f)).id}` }),
    expect: expectOf(200, 403, 404),
  },
  {
    route: 'POST /api/v1/properties/:id/images',
    title: 'append a photo to a Skyline property',
    request: async (f) => {
      const body = photoForm('images[]');
      return { method: 'POST', url: `/api/v1/properties/${(await skylineProperty(f)).id}/images`, payload: body.payload, headers: body.headers };
    },
    expect: expectOf(200, 403, 404),
  },
  {
    route: 'PUT /api/v1/properties/:id/images',
    title: "order a Skyline property's photos",
    request: async (f) => {
      const { id, imageId } = await skylineProperty(f);
      return { method: 'PUT', url: `/api/v1/properties/${id}/images`, payload: { order: [imageId], cover: imageId } };
    },
    expect: expectOf(200, 403, 404),
  },
  {
    route: 'GET /api/v1/properties/:id/leads',
    title: "a Skyline property's matching leads (needs lead-read and property-read)",
    request: async (f) => ({ method: 'GET', url: `/api/v1/properties/${(await skylineProperty(f)).id}/leads` }),
    expect: expectOf(200, 200, 404, 403),
  },
  {
    route: 'DELETE /api/v1/properties/:id/images/:imageId',
    title: "remove a Skyline property's photo",
    request: async (f) => {
      const { id, imageId } = await skylineProperty(f);
      return { method: 'DELETE', url: `/api/v1/properties/${id}/images/${imageId}` };
    },
    expect: expectOf(200, 403, 404),
  },
];
