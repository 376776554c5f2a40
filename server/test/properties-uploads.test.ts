/**
 * Property photo uploads that must be refused with nothing stored (no file under DATA_DIR/uploads,
 * no property, no photo row): a text file named .jpg, an SVG, a 20,000 × 20,000 PNG, a truncated
 * JPEG, 30 files at once; a client file name with `../` never reaches the disk; and the over-limit
 * cases of helpers/overLimit.ts on a listening server, for both photo routes.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_IMAGE_MAX_BYTES, PROPERTY_IMAGE_MAX_FILES } from '../../src/contract';
import { IMAGE_MESSAGES, PHOTO_MESSAGES } from '../src/lib/uploads-image';
import { PROPERTY_IMAGE_MESSAGES } from '../src/modules/properties/images';
import { blackPng, type Part, PNG_BYTES } from './helpers/multipart';
import { OVER_LIMIT_CASES, sendOverLimit, unexpected, type UploadTarget } from './helpers/overLimit';
import { filesUnder, photo, propertyForm } from './helpers/properties';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const API = '/api/v1/properties';
const TRIES = 10;
const PARALLEL = 5;
let base = '';
let target = 0;

const uploads = () => path.join(ctx.database.dir, 'uploads');

async function counts() {
  const db = ctx.app.db;
  const properties = await db.selectFrom('properties').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const images = await db.selectFrom('property_images').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { properties: Number(properties.n), images: Number(images.n) };
}
/** What a refused upload must leave as it was. */
const snapshot = async () => ({ files: filesUnder(uploads()), ...(await counts()) });

const post = (url: string, parts: Part[]) => {
  const form = propertyForm({}, parts);
  return ctx.inject('skylineAdmin', { method: 'POST', url, payload: form.payload, headers: form.headers });
};

beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const made = await post(API, [{ name: 'property_cover_image', filename: 'c.png', type: 'image/png', data: await photo('png', 64, 64) }]);
  expect(made.statusCode, made.body).toBe(201);
  target = made.json().data.id;
});

describe('bad photos are refused with nothing stored', async () => {
  const noisyJpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer();
  const cases: Array<[string, () => Promise<Part>, number, string]> = [
    ['a text file named .jpg', async () => ({ name: 'property_cover_image', filename: 'notes.jpg', type: 'image/jpeg', data: 'just some text, not a photo\n' }), 422, PHOTO_MESSAGES.notPhoto],
    [
      'an SVG',
      async () => ({ name: 'property_other_images[]', filename: 'x.svg', type: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>' }),
      422,
      PHOTO_MESSAGES.notPhoto,
    ],
    ['a 20,000 × 20,000 PNG', async () => ({ name: 'property_other_images[]', filename: 'huge.png', type: 'image/png', data: await blackPng(20_000, 20_000) }), 422, IMAGE_MESSAGES.tooManyPixels],
    ['a truncated JPEG', async () => ({ name: 'property_cover_image', filename: 'cut.jpg', type: 'image/jpeg', data: noisyJpeg.subarray(0, Math.floor(noisyJpeg.length * 0.6)) }), 422, PHOTO_MESSAGES.notPhoto],
    ['a bad file named with ../', async () => ({ name: 'property_cover_image', filename: '../../../escape.jpg', type: 'image/jpeg', data: 'not an image' }), 422, PHOTO_MESSAGES.notPhoto],
  ];
  for (const [title, part, status, message] of cases) {
    it(`${title}: ${status} on create and on append`, async () => {
      const before = await snapshot();
      const good = { name: 'property_other_images[]', filename: 'fine.png', type: 'image/png', data: await photo('png', 32, 32) };
      const bad = await part();
      const created = await post(API, [good, bad]);
      expect(created.statusCode, created.body).toBe(status);
      expect(created.json().message).toBe(message);
      const appended = await post(`${API}/${target}/images`, [
        { ...good, name: 'images[]' },
        { ...bad, name: 'images[]' },
      ]);
      expect(appended.statusCode, appended.body).toBe(status);
      expect(await snapshot()).toEqual(before);
    });
  }

  it(`30 files at once: 413, at most ${PROPERTY_IMAGE_MAX_FILES}`, async () => {
    const before = await snapshot();
    const files = Array.from({ length: 30 }, (_, i) => ({ name: 'property_other_images[]', filename: `${i}.png`, type: 'image/png', data: PNG_BYTES }));
    const created = await post(API, files);
    expect(created.statusCode).toBe(413);
    expect(created.json().message).toBe(PROPERTY_IMAGE_MESSAGES.tooMany);
    const mixed = await post(API, [{ name: 'property_cover_image', filename: 'c.png', type: 'image/png', data: PNG_BYTES }, ...files.slice(0, PROPERTY_IMAGE_MAX_FILES)]);
    expect(mixed.statusCode).toBe(413);
    const appended = await post(
      `${API}/${target}/images`,
      files.map((f) => ({ ...f, name: 'images[]' })),
    );
    expect(appended.statusCode).toBe(413);
    expect(await snapshot()).toEqual(before);
  });

  it('a good photo named with ../ is stored under a generated name inside its property folder only', async () => {
    const created = await post(API, [{ name: 'property_cover_image', filename: '../../../../escape.png', type: 'image/png', data: await photo('png', 40, 40) }]);
    expect(created.statusCode, created.body).toBe(201);
    const { id, property_cover_image: cover } = created.json().data;
    expect(cover).toMatch(new RegExp(`^properties/${id}/[0-9a-f]{24}\\.png$`));
    expect(filesUnder(ctx.database.dir).filter((f) => f.includes('escape'))).toEqual([]);
  });
});

describe('over-limit photos through fetch', () => {
  const targetOf = (url: string, field: string): UploadTarget => ({
    url,
    token: ctx.tokens.skylineAdmin!,
    field,
    maxBytes: PROPERTY_IMAGE_MAX_BYTES,
    maxFiles: PROPERTY_IMAGE_MAX_FILES,
    head: PNG_BYTES,
    filename: 'big.png',
    type: 'image/png',
  });
  for (const [route, url, field] of [
    ['POST /properties', () => `${base}${API}`, 'property_other_images[]'],
    ['POST /properties/{id}/images', () => `${base}${API}/${target}/images`, 'images[]'],
  ] as const) {
    for (const kind of OVER_LIMIT_CASES) {
      it(`${route} ${kind}: 413 on every one of ${TRIES} tries, nothing stored`, async () => {
        const before = await snapshot();
        const outcomes = await sendOverLimit(targetOf(url(), field), kind, TRIES, PARALLEL);
        expect(unexpected(outcomes, [413])).toEqual([]);
        const messages = new Set(outcomes.map((o) => ('status' in o ? (o.body as { message?: string }).message : o.error)));
        expect(messages).toEqual(new Set([kind === 'tooMany' ? PROPERTY_IMAGE_MESSAGES.tooMany : PROPERTY_IMAGE_MESSAGES.tooLarge]));
        expect(await snapshot()).toEqual(before);
      });
    }
  }
});
