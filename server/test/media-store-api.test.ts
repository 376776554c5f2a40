/**
 * Media in object storage, through the API on both engines: with the S3_* settings of a real
 * S3-compatible server (test/support/s3.ts), property photos, avatars, company images and the
 * demo drawings land in the bucket, the URLs answered fetch them over HTTP, deleting removes them,
 * and nothing is written to the data folder.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_PATHS } from '../../src/contract';
import type { BuildAppOptions } from '../src/app';
import { companyRow, newCompany, skylineCompanyId } from './companies.helpers';
import { multipartBody, PNG_BYTES } from './helpers/multipart';
import { photo, propertyForm } from './helpers/properties';
import { useTestApp } from './helpers/testApp';
import { startS3, type TestS3 } from './support/s3';

let s3: TestS3;
// Filled before useTestApp's own beforeAll builds the app (hooks run in the order registered).
const options: Partial<BuildAppOptions> = {};
beforeAll(async () => {
  s3 = await startS3();
  options.config = { mediaStorage: s3.storage };
});
const ctx = useTestApp(options);
afterAll(async () => {
  await s3?.stop();
});

const API = '/api/v1/properties';

/** The bytes at `url`, fetched as a browser would: no credentials. */
async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The bucket key an answered URL names. */
const keyOf = (url: string) => {
  expect(url.startsWith(s3.publicUrl), url).toBe(true);
  return url.slice(s3.publicUrl.length);
};

async function createProperty() {
  const cover = await photo('jpeg', 640, 480);
  const form = propertyForm({ title: 'Bucket Villa' }, [
    { name: 'property_cover_image', filename: 'c.jpg', type: 'image/jpeg', data: cover },
    { name: 'property_other_images[]', filename: 'o.png', type: 'image/png', data: await photo('png', 320, 240) },
  ]);
  const res = await ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    property_cover_image: string;
    property_cover_image_small: string;
    property_other_images: string[];
    images: Array<{ id: number; path: string; small: string; medium: string }>;
  };
}

describe('property photos', () => {
  it('land in the bucket, and the answered URLs fetch them', async () => {
    const made = await createProperty();
    const keys = await s3.keys(`properties/${made.id}/`);
    // Two photos, each an original and two WebP renditions.
    expect(keys).toHaveLength(6);
    for (const image of made.images) for (const url of [image.path, image.small, image.medium]) expect(keys).toContain(keyOf(url));

    const cover = await download(made.property_cover_image);
    expect(cover.status).toBe(200);
    expect(cover.type).toBe('image/jpeg');
    expect(cover.bytes.equals(await s3.store.read(keyOf(made.property_cover_image)))).toBe(true);
    expect((await download(made.property_cover_image_small)).type).toBe('image/webp');
    expect(made.property_other_images[0]).toMatch(/\.png$/);
    expect((await download(made.property_other_images[0]!)).status).toBe(200);

    // The GET answers the same URLs.
    const read = await ctx.inject('skylineAdmin', { method: 'GET', url: `${API}/${made.id}` });
    expect(read.json().data.property_cover_image).toBe(made.property_cover_image);
    expect(existsSync(path.join(ctx.database.dir, 'uploads'))).toBe(false);
  });

  it('leave the bucket with their photo, and with their property', async () => {
    const made = await createProperty();
    const [first, second] = made.images;
    const removed = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${made.id}/images/${first!.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await s3.keys(`properties/${made.id}/`)).toEqual([second!.path, second!.medium, second!.small].map(keyOf).sort());
    expect((await download(first!.path)).status).toBe(404);

    const appended = multipartBody([{ name: 'images[]', filename: 'n.png', type: 'image/png', data: await photo('png', 100, 100) }]);
    const grown = await ctx.inject('skylineAdmin', { method: 'POST', url: `${API}/${made.id}/images`, payload: appended.payload, headers: appended.headers });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(await s3.keys(`properties/${made.id}/`)).toHaveLength(6);

    const deleted = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${made.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await s3.keys(`properties/${made.id}/`)).toEqual([]);
    expect((await download(second!.path)).status).toBe(404);
  });

  it('of the demo are drawn into the bucket when a demo property is read', async () => {
    const company = await skylineCompanyId(ctx);
    const demo = await ctx.app.db
      .selectFrom('property_images')
      .select('property_id')
      .where('company_id', '=', company)
      .where('path', 'like', 'properties/demo/%')
      .executeTakeFirstOrThrow();
    const res = await ctx.inject('skylineAdmin', { method: 'GET', url: `${API}/${demo.property_id}` });
    expect(res.statusCode, res.body).toBe(200);
    const cover = res.json().data.property_cover_image as string;
    expect(keyOf(cover)).toMatch(/^properties\/demo\/[a-z]+-\d\.jpg$/);
    // Every drawing (four scenes in two palettes), each with its two renditions.
    expect(await s3.keys('properties/demo/')).toHaveLength(24);
    const fetched = await download(cover);
    expect([fetched.status, fetched.type]).toEqual([200, 'image/jpeg']);
  });
});

describe('avatars', () => {
  it('land in the bucket; a new one replaces the old object', async () => {
    const upload = async () => {
      const form = multipartBody([{ name: 'avatar', filename: 'me.png', type: 'image/png', data: PNG_BYTES }]);
      const id = ctx.ids.skylineAgent;
      const res = await ctx.inject('skylineAgent', { method: 'POST', url: `/api/v1/users/${id}/avatar`, payload: form.payload, headers: form.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.avatar as string;
    };
    const first = await upload();
    expect(keyOf(first)).toMatch(new RegExp(`^avatars/${ctx.ids.skylineAgent}-[0-9a-f]+\\.png$`));
    expect((await download(first)).status).toBe(200);
    const profile = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users/profile' });
    expect(profile.json().data.avatar).toBe(first);

    const second = await upload();
    expect(await s3.keys('avatars/')).toEqual([keyOf(second)]);
  });
});

describe('company images', () => {
  it('land in the bucket, replaced ones leave it, and a deleted company takes everything it had there', async () => {
    const made = await newCompany(ctx, { display_name: 'Bucket Brokers' });
    const folder = `companies/${made.id}/`;
    expect(await s3.keys(folder)).toHaveLength(9);
    const logo = made.logo as string;
    expect(keyOf(logo)).toMatch(new RegExp(`^${folder}logo-[0-9a-f]{24}\\.webp$`));
    expect((await download(logo)).status).toBe(200);
    expect((await download(made.logo_medium as string)).type).toBe('image/webp');

    const form = multipartBody([{ name: 'logo', filename: 'l.png', type: 'image/png', data: await photo('png', 200, 100) }]);
    const replaced = await ctx.inject('superAdmin', { method: 'POST', url: `/api/v1${COMPANY_PATHS.media(made.id)}`, payload: form.payload, headers: form.headers });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newLogo = replaced.json().data.logo as string;
    expect((await download(newLogo)).type).toBe('image/png');
    expect((await download(logo)).status).toBe(404);
    // The row keeps the key; only the answer is a URL.
    expect((await companyRow(ctx, made.id))!.logo).toBe(keyOf(newLogo));

    const deleted = await ctx.inject('superAdmin', { method: 'DELETE', url: `/api/v1${COMPANY_PATHS.one(made.id)}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await s3.keys(folder)).toEqual([]);
  });

  it('of the demo companies are drawn into the bucket when one is read', async () => {
    const company = await skylineCompanyId(ctx);
    const res = await ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1${COMPANY_PATHS.one(company)}` });
    expect(res.statusCode, res.body).toBe(200);
    const cover = res.json().data.cover_photo as string;
    expect(keyOf(cover)).toMatch(/^companies\/demo\//);
    expect((await download(cover)).status).toBe(200);
    // Two demo companies, three images each, each with two renditions.
    expect(await s3.keys('companies/demo/')).toHaveLength(18);
  });
});

describe('the server', () => {
  it('sends links to its old /uploads/ folder to the bucket', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/properties/7/ab.jpg?v=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${s3.publicUrl}properties/7/ab.jpg`);
  });

  it('lets its pages show images from the bucket', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${s3.endpoint};`);
  });
});
