/**
 * The properties calls (src/contract/properties.ts): list with paging and filters, get, create
 * (multipart with photos), update (GET → PUT → GET), delete, the gallery calls; tenancy (Harbor
 * never sees nor changes Skyline's) and permissions (the demo agent has property-read only).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES, PROPERTY_PAGE_SIZE, PropertiesListAnswer, PropertyAnswer } from '../../src/contract';
import { companyIdOf } from './helpers/leads';
import { photo, propertyForm } from './helpers/properties';
import type { Persona } from './helpers/testApp';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const API = '/api/v1/properties';

type Answer = { status: string; message?: string; data: Record<string, unknown> & { id: number; images: Array<Record<string, unknown> & { id: number }> } };

const list = async (persona: Persona, query = '') => {
  const res = await ctx.inject(persona, { method: 'GET', url: `${API}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: Array<Record<string, unknown>>; total: number };
  PropertiesListAnswer.parse(body);
  return body;
};

async function create(persona: Persona, fields: Record<string, string | number>, files: Parameters<typeof propertyForm>[1] = []) {
  const form = propertyForm(fields, files);
  return ctx.inject(persona, { method: 'POST', url: API, payload: form.payload, headers: form.headers });
}

async function createOk(fields: Record<string, string | number> = { title: 'Test flat', property_type: 'Apartment' }, files: Parameters<typeof propertyForm>[1] = []) {
  const res = await create('skylineAdmin', fields, files);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Answer).data;
}

const get = (persona: Persona, id: number) => ctx.inject(persona, { method: 'GET', url: `${API}/${id}` });
const uploads = () => path.join(ctx.database.dir, 'uploads');

describe('demo data', () => {
  it('gives every demo property a cover and more photos, drawn at start in the data folder', async () => {
    for (const persona of ['skylineAdmin', 'harborAdmin'] as const) {
      const { data, total } = await list(persona, '?limit=100');
      expect(total).toBe(30);
      for (const property of data) {
        expect(['Plot', 'Villa', 'Apartment', 'House']).toContain(property.property_type);
        expect(['available', 'unavailable']).toContain(property.status);
        expect((property.property_other_images as string[]).length).toBeGreaterThanOrEqual(1);
        for (const key of ['property_cover_image', 'property_cover_image_small', 'property_cover_image_medium']) {
          expect(existsSync(path.join(uploads(), String(property[key])))).toBe(true);
        }
      }
    }
  });
});

describe('GET /api/v1/properties', () => {
  it('answers the company’s properties newest first, 12 a page, with the total', async () => {
    const first = await list('skylineAdmin', '?page=1&limit=12');
    expect(first.data).toHaveLength(PROPERTY_PAGE_SIZE);
    expect(first.total).toBeGreaterThanOrEqual(30);
    const second = await list('skylineAdmin', '?page=2&limit=12');
    expect(second.total).toBe(first.total);
    const all = [...first.data, ...second.data];
    expect(new Set(all.map((p) => p.id)).size).toBe(24);
    const dates = all.map((p) => String(p.created_at));
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = await list('skylineAdmin', `?page=${Math.ceil(first.total / 12)}&limit=12`);
    expect(last.data.length).toBe(first.total - (Math.ceil(first.total / 12) - 1) * 12);
    // Demo photos: a cover with its small rendition, served under the image prefix.
    const withCover = first.data.find((p) => p.property_cover_image);
    expect(withCover?.property_cover_image_small).toMatch(/^properties\/demo\/.+-small\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${String(withCover!.property_cover_image_small)}` });
    expect(served.statusCode).toBe(200);
  });

  it('lists each property exactly as its GET answers it, filtered or not, by page number or cursor', async () => {
    const made = await createOk({ title: 'Mirror Court', property_type: 'Villa', price: 4_500_000 }, [
      { name: 'property_cover_image', filename: 'cover.png', type: 'image/png', data: await photo('png', 400, 300) },
      { name: 'property_other_images[]', filename: 'b.jpg', type: 'image/jpeg', data: await photo('jpeg', 300, 200) },
      { name: 'property_other_images[]', filename: 'c.webp', type: 'image/webp', data: await photo('webp', 300, 200) },
    ]);
    const first = await list('skylineAdmin', '?limit=3');
    const pages = [
      first,
      await list('skylineAdmin', `?limit=3&cursor=${String((first as { next_cursor?: string }).next_cursor)}`),
      await list('skylineAdmin', '?limit=3&page=4'),
      await list('skylineAdmin', '?search=mirror%20court'),
      await list('skylineAdmin', '?type=Villa&limit=5'),
    ];
    expect(pages[3]!.data.map((p) => p.id)).toEqual([made.id]);
    for (const property of pages.flatMap((page) => page.data)) {
      const one = (await get('skylineAdmin', property.id as number)).json() as Answer;
      expect(property).toEqual(one.data);
    }
    const mirror = pages[3]!.data[0]!;
    expect((mirror.images as unknown[]).length).toBe(3);
    expect((mirror.property_other_images as unknown[]).length).toBe(2);
  });

  it('gives photos under an image prefix of its own (a bucket, a CDN) as GET does, keys that are URLs or paths as they are', async () => {
    const cdn = await ctx.extraApp({ config: { imagePrefix: 'https://cdn.example/media/' } });
    const made = await createOk({ title: 'Prefix Court', property_type: 'Plot' }, [
      { name: 'property_cover_image', filename: 'cover.png', type: 'image/png', data: await photo('png', 300, 200) },
    ]);
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const stored = ['https://elsewhere.example/a.jpg', '//cdn2.example/b.jpg', '/static/c.jpg', 'properties/x:y.jpg', '1abc:d.jpg', 'Web+Cal.x-1:e.jpg'];
    await ctx.app.db
      .insertInto('property_images')
      .values(stored.map((path, i) => ({ company_id: skyline, property_id: made.id, path, position: 10 + i, is_cover: 0, created_at: new Date().toISOString() })))
      .execute();
    const inject = (url: string) => cdn.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.tokens.skylineAdmin}` } });
    const one = (await inject(`${API}/${made.id}`)).json() as Answer;
    expect(one.data.property_cover_image).toMatch(/^https:\/\/cdn\.example\/media\/properties\//);
    expect(one.data.property_other_images).toEqual([
      'https://elsewhere.example/a.jpg',
      '//cdn2.example/b.jpg',
      '/static/c.jpg',
      'https://cdn.example/media/properties/x:y.jpg',
      'https://cdn.example/media/1abc:d.jpg',
      'Web+Cal.x-1:e.jpg',
    ]);
    for (const query of ['?search=prefix%20court', '?limit=1', '?type=Plot&limit=100']) {
      const listed = (await inject(`${API}${query}`)).json() as { data: Array<{ id: number }> };
      expect(listed.data.find((p) => p.id === made.id), query).toEqual(one.data);
    }
  });

  it('never lists another company’s properties', async () => {
    const skyline = await companyIdOf(ctx.app.db, 'skylineAdmin');
    const harborList = await list('harborAdmin', '?limit=1000');
    const skylineIds = new Set(
      (await ctx.app.db.selectFrom('properties').select('id').where('company_id', '=', skyline!).execute()).map((r) => r.id),
    );
    expect(harborList.data.some((p) => skylineIds.has(p.id as number))).toBe(false);
  });

  it('filters in the database: search, type, status, price range, bedrooms', async () => {
    const made = await createOk({ title: 'Zebracrossing Lakeview Penthouse', property_type: 'Villa', price: 12_345_678, bedrooms: 9, status: 'unavailable', location: 'Whitefield, Bengaluru' });
    const bySearch = await list('skylineAdmin', '?search=zebraCROSSING');
    expect(bySearch.data.map((p) => p.id)).toEqual([made.id]);
    expect(bySearch.total).toBe(1);
    expect((await list('skylineAdmin', '?search=%25')).total).toBe(0);
    expect((await list('harborAdmin', '?search=zebracrossing')).total).toBe(0);

    const villas = await list('skylineAdmin', '?type=Villa&limit=100');
    expect(villas.data.every((p) => p.property_type === 'Villa')).toBe(true);
    const unavailable = await list('skylineAdmin', '?status=unavailable&limit=100');
    expect(unavailable.data.every((p) => p.status === 'unavailable')).toBe(true);
    expect(unavailable.data.some((p) => p.id === made.id)).toBe(true);
    const priced = await list('skylineAdmin', '?min_price=5000000&max_price=9000000&limit=100');
    expect(priced.data.every((p) => (p.price as number) >= 5_000_000 && (p.price as number) <= 9_000_000)).toBe(true);
    const big = await list('skylineAdmin', '?bedrooms=9&limit=100');
    expect(big.data.map((p) => p.id)).toEqual([made.id]);
    const combined = await list('skylineAdmin', '?type=Villa&status=unavailable&bedrooms=9&search=lakeview');
    expect(combined.total).toBe(1);

    const bad = await ctx.inject('skylineAdmin', { method: 'GET', url: `${API}?status=gone&min_price=abc` });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['min_price', 'status']);
  });
});

describe('POST /api/v1/properties', () => {
  it('stores the fields and photos: cover first, the others in order, each with WebP renditions', async () => {
    const [cover, a, b] = await Promise.all([photo('jpeg', 1600, 1000), photo('png', 400, 300), photo('webp', 1200, 900)]);
    const res = await create(
      'skylineAdmin',
      { title: '3 BHK Villa in Koramangala', property_type: 'Villa', price: '25000000', bedrooms: '3', bathrooms: '3', year_built: '2015', features: 'Pool, Garden', status: 'available', location: 'Koramangala, Bengaluru', property_other_images: '[]' },
      [
        { name: 'property_cover_image', filename: 'cover.jpg', type: 'image/jpeg', data: cover },
        { name: 'property_other_images[]', filename: 'a.png', type: 'image/png', data: a },
        { name: 'property_other_images[]', filename: 'b.webp', type: 'image/webp', data: b },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Answer;
    expect(body.status).toBe('Success');
    expect(body.message).toBe(MESSAGES.properties.added);
    const property = body.data;
    expect(property).toMatchObject({ title: '3 BHK Villa in Koramangala', price: 25_000_000, bedrooms: 3, year_built: 2015, status: 'available' });
    expect(property.property_cover_image).toMatch(new RegExp(`^properties/${property.id}/[0-9a-f]{24}\\.jpg$`));
    const others = property.property_other_images as string[];
    expect(others).toHaveLength(2);
    expect(others[0]).toMatch(/\.png$/);
    expect(others[1]).toMatch(/\.webp$/);
    expect(property.images.map((i) => [i.position, i.is_cover])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    for (const image of property.images) {
      for (const key of ['path', 'small', 'medium'] as const) expect(existsSync(path.join(uploads(), String(image[key])))).toBe(true);
    }
    const sharp = (await import('sharp')).default;
    const small = await sharp(path.join(uploads(), String(property.property_cover_image_small))).metadata();
    expect([small.format, small.width]).toEqual(['webp', 320]);
    const medium = await sharp(path.join(uploads(), String(property.images[0]!.medium))).metadata();
    expect([medium.format, medium.width]).toEqual(['webp', 960]);
    // Never enlarged: the 400 px PNG's medium stays 400 wide.
    expect((await sharp(path.join(uploads(), String(property.images[1]!.medium))).metadata()).width).toBe(400);

    const fetched = await get('skylineAdmin', property.id);
    expect(fetched.statusCode).toBe(200);
    PropertyAnswer.parse(fetched.json());
    expect(fetched.json().data).toEqual(property);
  });

  it('takes no fields at all (docs/product/screens.md), and refuses bad values and unknown fields with 422', async () => {
    const empty = await createOk({});
    expect(empty).toMatchObject({ title: null, status: 'available', property_cover_image: null, property_other_images: [], images: [] });
    const bad = await create('skylineAdmin', { price: '-1', year_built: '1800', status: 'sold' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['price', 'status', 'year_built']);
    const unknown = await create('skylineAdmin', { title: 'x', colour: 'red' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ colour: [MESSAGES.generic.unknownField] });
    // A form's empty file input (a part without name or bytes) is no photo.
    const blank = await create('skylineAdmin', { title: 'No photo chosen' }, [
      // multipartBody leaves out an empty filename; this name writes `filename=""` as browsers do.
      { name: 'property_cover_image"; filename="', type: 'application/octet-stream', data: '' },
    ]);
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json().data.images).toEqual([]);
    // The GET's server-owned fields are taken and ignored.
    const echoed = await create('skylineAdmin', { title: 'Echo', id: 5, company_id: 999, created_at: 'x', images: '[]', property_cover_image: '' });
    expect(echoed.statusCode, echoed.body).toBe(201);
    const json = await ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: { title: 'x' } });
    expect(json.statusCode).toBe(422);
  });
});

describe('PUT /api/v1/properties/{id}', () => {
  it('accepts the object its GET returned (GET → PUT → GET)', async () => {
    const made = await createOk({ title: 'Round trip', property_type: 'House', price: 5_000_000 }, [
      { name: 'property_cover_image', filename: 'c.png', type: 'image/png', data: await photo('png', 200, 200) },
    ]);
    const before = (await get('skylineAdmin', made.id)).json().data;
    const edited = { ...before, title: 'Round trip, edited', price: 5_500_000, status: 'unavailable' };
    const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${made.id}`, payload: edited });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().status).toBe('Success');
    const after = (await get('skylineAdmin', made.id)).json().data;
    expect(after).toMatchObject({ title: 'Round trip, edited', price: 5_500_000, status: 'unavailable' });
    expect(after.images).toEqual(before.images);
    expect(after.created_at).toBe(before.created_at);

    const unknown = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${made.id}`, payload: { title: 'x', colour: 'red' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ colour: [MESSAGES.generic.unknownField] });
    const negative = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${made.id}`, payload: { bedrooms: -2 } });
    expect(negative.statusCode).toBe(422);
    expect((await get('skylineAdmin', made.id)).json().data.title).toBe('Round trip, edited');
  });
});

describe('tenancy: Harbor cannot see, change or delete Skyline’s property', () => {
  it('answers 404 and leaves it unchanged', async () => {
    const made = await createOk({ title: 'Skyline only' }, [
      { name: 'property_other_images[]', filename: 'o.png', type: 'image/png', data: await photo('png', 100, 100) },
    ]);
    const before = (await get('skylineAdmin', made.id)).json().data;
    const imageId = before.images[0].id;
    const png = propertyForm({}, [{ name: 'images[]', filename: 'x.png', type: 'image/png', data: await photo('png', 50, 50) }]);
    const tries = [
      { method: 'GET' as const, url: `${API}/${made.id}` },
      { method: 'PUT' as const, url: `${API}/${made.id}`, payload: { title: 'Harbor was here' } },
      { method: 'DELETE' as const, url: `${API}/${made.id}` },
      { method: 'POST' as const, url: `${API}/${made.id}/images`, payload: png.payload, headers: png.headers },
      { method: 'PUT' as const, url: `${API}/${made.id}/images`, payload: { order: [imageId], cover: imageId } },
      { method: 'DELETE' as const, url: `${API}/${made.id}/images/${imageId}` },
    ];
    for (const request of tries) {
      const res = await ctx.inject('harborAdmin', request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    expect((await get('skylineAdmin', made.id)).json().data).toEqual(before);
    for (const image of before.images) expect(existsSync(path.join(uploads(), image.path))).toBe(true);
  });
});

describe('permissions (docs/product/roles.md): the demo agent has property-read only', () => {
  it('reads, but gets 403 with the product’s message for create, edit, the gallery and delete', async () => {
    const made = await createOk({ title: 'Agent target' });
    expect((await ctx.inject('skylineAgent', { method: 'GET', url: API })).statusCode).toBe(200);
    expect((await get('skylineAgent', made.id)).statusCode).toBe(200);
    const form = propertyForm({ title: 'Agent made' });
    const cases: Array<[string, Parameters<typeof ctx.inject>[1]]> = [
      ['property-create', { method: 'POST', url: API, payload: form.payload, headers: form.headers }],
      ['property-edit', { method: 'PUT', url: `${API}/${made.id}`, payload: { title: 'no' } }],
      ['property-edit', { method: 'PUT', url: `${API}/${made.id}/images`, payload: { order: [] } }],
      ['property-edit', { method: 'POST', url: `${API}/${made.id}/images`, payload: form.payload, headers: form.headers }],
      ['property-edit', { method: 'DELETE', url: `${API}/${made.id}/images/1` }],
      ['property-delete', { method: 'DELETE', url: `${API}/${made.id}` }],
    ];
    for (const [permission, request] of cases) {
      const res = await ctx.inject('skylineAgent', request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(res.json().message).toBe(`You don't have permission for this action: ${permission}`);
    }
    expect((await get('skylineAdmin', made.id)).json().data.title).toBe('Agent target');
    expect((await ctx.inject('superAdmin', { method: 'GET', url: API })).statusCode).toBe(403);
    expect((await ctx.inject('anonymous', { method: 'GET', url: API })).statusCode).toBe(401);
  });
});

describe('the gallery', () => {
  it('appends, orders with a new cover, and removes photos (the next one becomes the cover)', async () => {
    const made = await createOk({ title: 'Gallery' }, [
      { name: 'property_cover_image', filename: 'c.jpg', type: 'image/jpeg', data: await photo('jpeg', 300, 200) },
    ]);
    const form = propertyForm({}, [
      { name: 'images[]', filename: '1.png', type: 'image/png', data: await photo('png', 300, 200) },
      { name: 'images[]', filename: '2.webp', type: 'image/webp', data: await photo('webp', 300, 200) },
    ]);
    const added = await ctx.inject('skylineAdmin', { method: 'POST', url: `${API}/${made.id}/images`, payload: form.payload, headers: form.headers });
    expect(added.statusCode, added.body).toBe(200);
    const images = (added.json() as Answer).data.images;
    expect(images.map((i) => [i.position, i.is_cover])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    const [c, one, two] = images.map((i) => i.id) as [number, number, number];

    const ordered = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${made.id}/images`, payload: { order: [two, c, one], cover: two } });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const data = (ordered.json() as Answer).data;
    expect(data.images.map((i) => i.id)).toEqual([two, c, one]);
    expect(data.property_cover_image).toBe(images[2]!.path);
    expect(data.property_other_images).toEqual([images[0]!.path, images[1]!.path]);

    for (const payload of [{ order: [two, c] }, { order: [two, c, one, one] }, { order: [two, c, 999_999] }, { order: [two, c, one], cover: 999_999 }]) {
      const res = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${made.id}/images`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }

    const removed = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${made.id}/images/${two}` });
    expect(removed.statusCode).toBe(200);
    const rest = (removed.json() as Answer).data;
    expect(rest.images.map((i) => [i.id, i.is_cover])).toEqual([
      [c, true],
      [one, false],
    ]);
    for (const key of ['path', 'small', 'medium'] as const) expect(existsSync(path.join(uploads(), String(images[2]![key])))).toBe(false);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${made.id}/images/${two}` })).statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/properties/{id}', () => {
  it('removes the property and its files, never the shared demo photos', async () => {
    const made = await createOk({ title: 'Doomed' }, [
      { name: 'property_cover_image', filename: 'c.jpg', type: 'image/jpeg', data: await photo('jpeg', 300, 200) },
      { name: 'property_other_images[]', filename: 'o.png', type: 'image/png', data: await photo('png', 300, 200) },
    ]);
    const folder = path.join(uploads(), 'properties', String(made.id));
    expect(existsSync(folder)).toBe(true);
    const res = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${made.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('Success');
    expect(existsSync(folder)).toBe(false);
    expect((await get('skylineAdmin', made.id)).statusCode).toBe(404);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${made.id}` })).statusCode).toBe(404);

    const demo = (await list('skylineAdmin')).data.find((p) => String(p.property_cover_image).startsWith('properties/demo/'))!;
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${demo.id}` })).statusCode).toBe(200);
    expect(existsSync(path.join(uploads(), String(demo.property_cover_image)))).toBe(true);
  });
});
