/**
 * The 60-photo cap under parallel uploads, on both engines: four appends of 20 photos each to one
 * property at the same time keep the gallery at 60 or fewer; the refused ones answer the cap's
 * 413 and leave no file behind.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_IMAGE_MAX_FILES, PROPERTY_MAX_IMAGES } from '../../src/contract';
import type { Part } from './helpers/multipart';
import { filesUnder, photo, propertyForm } from './helpers/properties';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const API = '/api/v1/properties';
const CAP_MESSAGE = `A property keeps at most ${PROPERTY_MAX_IMAGES} photos; remove some first.`;
let target = 0;
let parts: Part[] = [];

beforeAll(async () => {
  const cover = await photo('png', 16, 16);
  const form = propertyForm({ title: 'Photo cap' }, [{ name: 'property_cover_image', filename: 'c.png', type: 'image/png', data: cover }]);
  const made = await ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: form.payload, headers: form.headers });
  expect(made.statusCode, made.body).toBe(201);
  target = made.json().data.id;
  const small = await photo('png', 16, 16, { r: 200, g: 80, b: 40 });
  parts = Array.from({ length: PROPERTY_IMAGE_MAX_FILES }, (_, i) => ({ name: 'images[]', filename: `p${i}.png`, type: 'image/png', data: small }));
});

const append = () => {
  const form = propertyForm({}, parts);
  return ctx.inject('skylineAdmin', { method: 'POST', url: `${API}/${target}/images`, payload: form.payload, headers: form.headers });
};

describe('POST /properties/{id}/images at the same time', () => {
  it(`four uploads of ${PROPERTY_IMAGE_MAX_FILES} keep at most ${PROPERTY_MAX_IMAGES} photos`, async () => {
    const answers = await Promise.all([append(), append(), append(), append()]);
    const accepted = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    // One cover, then 20 + 20 fit; the third and fourth would pass 60.
    expect(accepted).toHaveLength(2);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toBe(CAP_MESSAGE);
    }

    const rows = await ctx.app.db.selectFrom('property_images').select(['path', 'small_path', 'medium_path', 'position', 'is_cover']).where('property_id', '=', target).execute();
    expect(rows.length).toBe(1 + 2 * PROPERTY_IMAGE_MAX_FILES);
    expect(rows.length).toBeLessThanOrEqual(PROPERTY_MAX_IMAGES);
    expect(new Set(rows.map((row) => row.position)).size).toBe(rows.length);
    expect(rows.filter((row) => row.is_cover === 1)).toHaveLength(1);

    // Only the kept photos' files are on disk: a refused upload removed what it wrote.
    const uploads = path.join(ctx.database.dir, 'uploads');
    const folder = `properties/${target}/`;
    const onDisk = filesUnder(uploads).filter((file) => file.startsWith(folder));
    expect(onDisk).toEqual(rows.flatMap((row) => [row.path, row.small_path, row.medium_path]).sort());
  });
});
