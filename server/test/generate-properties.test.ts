/**
 * The seed command's big property data set (`seed-cli --properties N`, bench/properties.bench.mjs):
 * every new property gets a gallery of the shared demo photos (no file per row), the company's
 * existing galleries stay as they were, and the kept total and the list follow.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PHOTO_FOLDER } from '../src/db/demo-photos';
import { generatePropertiesWithPhotos } from '../src/db/generate';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

describe('generatePropertiesWithPhotos', () => {
  it('adds properties, each with a cover and 1-3 more shared demo photos, leaving older galleries alone', async () => {
    const db = ctx.app.db;
    const skyline = await db.selectFrom('companies').select('id').where('display_name', '=', 'Skyline Realty').executeTakeFirstOrThrow();
    const photosBefore = await db.selectFrom('property_images').select(['id', 'property_id', 'path', 'position', 'is_cover']).orderBy('id').execute();
    const last = photosBefore.reduce((most, image) => Math.max(most, image.property_id), 0);
    const listed = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/properties?limit=12' });
    const totalBefore = (listed.json() as { total: number }).total;

    // More than one insert batch of photo rows (500), so the batching is exercised too.
    await generatePropertiesWithPhotos(db, { companyId: skyline.id, count: 260, now: new Date('2026-11-20T10:00:00Z'), seed: 9 });

    const added = await db.selectFrom('properties').select(['id', 'company_id']).where('id', '>', last).execute();
    expect(added).toHaveLength(260);
    expect(added.every((p) => p.company_id === skyline.id)).toBe(true);
    const photos = await db.selectFrom('property_images').selectAll().where('property_id', '>', last).orderBy('property_id').orderBy('position').execute();
    const byProperty = new Map<number, typeof photos>();
    for (const image of photos) byProperty.set(image.property_id, [...(byProperty.get(image.property_id) ?? []), image]);
    expect(byProperty.size).toBe(260);
    for (const gallery of byProperty.values()) {
      expect(gallery.length).toBeGreaterThanOrEqual(2);
      expect(gallery.length).toBeLessThanOrEqual(4);
      expect(gallery.map((image) => image.position)).toEqual(gallery.map((_, i) => i));
      expect(gallery.map((image) => image.is_cover)).toEqual(gallery.map((_, i) => (i === 0 ? 1 : 0)));
      expect(new Set(gallery.map((image) => image.path)).size).toBe(gallery.length);
      for (const image of gallery) {
        expect(image.company_id).toBe(skyline.id);
        for (const file of [image.path, image.small_path, image.medium_path]) expect(file?.startsWith(`${DEMO_PHOTO_FOLDER}/`)).toBe(true);
      }
    }
    const older = await db.selectFrom('property_images').select(['id', 'property_id', 'path', 'position', 'is_cover']).where('property_id', '<=', last).orderBy('id').execute();
    expect(older).toEqual(photosBefore);

    const after = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/properties?limit=12' });
    const answer = after.json() as { total: number; data: Array<{ property_cover_image: string | null }> };
    expect(answer.total).toBe(totalBefore + 260);
    expect(answer.data.every((p) => p.property_cover_image?.startsWith(`${DEMO_PHOTO_FOLDER}/`))).toBe(true);
  });
});
