/**
 * A company's icon, logo and cover photo (POST /company and POST /company/{id}/media) on both
 * engines: replacing an image stores the new one with its renditions and removes the old files
 * (never the shared demo drawings); refused files (not an image by content, SVG, too many pixels,
 * truncated, too large, two of a kind) and refused callers (another company's admin 404, an agent
 * 403) change nothing — no row, no file.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_MEDIA_MAX_BYTES, COMPANY_PATHS, MESSAGES } from '../../src/contract';
import { IMAGE_MESSAGES, PHOTO_MESSAGES } from '../src/lib/uploads-image';
import { COMPANY_MEDIA_MESSAGES } from '../src/modules/companies/media';
import { COMPANY_API, companyFields, companyRow, mediaParts, newCompany, postCompany, skylineCompanyId } from './companies.helpers';
import { blackPng, multipartBody, type Part, PNG_BYTES } from './helpers/multipart';
import { OVER_LIMIT_CASES, sendOverLimit, unexpected } from './helpers/overLimit';
import { filesUnder, photo } from './helpers/properties';
import { type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const uploads = () => path.join(ctx.database.dir, 'uploads');
const mediaUrl = (id: number) => `/api/v1${COMPANY_PATHS.media(id)}`;

const sendMedia = (persona: Persona, id: number, parts: Part[]) => {
  const form = multipartBody(parts);
  return ctx.inject(persona, { method: 'POST', url: mediaUrl(id), payload: form.payload, headers: form.headers });
};

const snapshot = async (id: number) => ({ files: filesUnder(uploads()), row: await companyRow(ctx, id) });

describe('replacing images', () => {
  it('lets the company admin replace their own icon: new files in, old files out, the rest kept', async () => {
    const skyline = await skylineCompanyId(ctx);
    // A first upload replaces the shared demo icon, which stays for the other demo data folder users.
    const first = await sendMedia('skylineAdmin', skyline, [{ name: 'icon', filename: 'a.png', type: 'image/png', data: await photo('png', 96, 96) }]);
    expect(first.statusCode, first.body).toBe(200);
    const before = first.json().data;
    expect(before.icon).toMatch(new RegExp(`^companies/${skyline}/icon-[0-9a-f]{24}\\.png$`));
    expect(existsSync(path.join(uploads(), 'companies/demo/skyline-icon.png'))).toBe(true);

    const second = await sendMedia('skylineAdmin', skyline, [{ name: 'icon', filename: 'b.jpg', type: 'image/jpeg', data: await photo('jpeg', 300, 300) }]);
    expect(second.statusCode, second.body).toBe(200);
    const after = second.json().data;
    expect(after.icon).toMatch(/\.jpg$/);
    for (const stored of [after.icon, after.icon_small, after.icon_medium]) expect(existsSync(path.join(uploads(), stored))).toBe(true);
    for (const stored of [before.icon, before.icon_small, before.icon_medium]) expect(existsSync(path.join(uploads(), stored)), stored).toBe(false);
    expect(after.logo).toBe(before.logo);
    expect(after.cover_photo).toBe(before.cover_photo);
    expect(second.json().message).toBe(MESSAGES.companies.updated);
  });

  it('lets the super admin replace all three at once on any company', async () => {
    const made = await newCompany(ctx, { display_name: 'Rebrand Realty' });
    const res = await sendMedia('superAdmin', made.id, await mediaParts());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    for (const field of ['icon', 'logo', 'cover_photo'] as const) {
      expect(data[field]).not.toBe(made[field]);
      expect(existsSync(path.join(uploads(), made[field] as string))).toBe(false);
    }
    // Nine files: three originals, three pairs of renditions.
    expect(filesUnder(path.join(uploads(), 'companies', String(made.id)))).toHaveLength(9);
    const cover = await sharp(path.join(uploads(), data.cover_photo_medium)).metadata();
    expect([cover.format, cover.width]).toEqual(['webp', 960]);
  });

  it('leaves no file behind when replacements of one image race', async () => {
    const made = await newCompany(ctx, { display_name: 'Racing Icons Realty' });
    const parts = await Promise.all([10, 20, 30, 40, 50].map(async (g) => ({ name: 'icon', filename: 'i.png', type: 'image/png', data: await photo('png', 48, 48, { r: 0, g, b: 0 }) })));
    const answers = await Promise.all(parts.map((part) => sendMedia('superAdmin', made.id, [part])));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const row = (await companyRow(ctx, made.id))!;
    // Exactly the row's three images and their renditions: every replaced icon's files are gone.
    const expected = [row.icon, row.logo, row.cover_photo].flatMap((stored) => [stored!, stored!.replace(/\.\w+$/, '-small.webp'), stored!.replace(/\.\w+$/, '-medium.webp')]);
    expect(filesUnder(path.join(uploads(), 'companies', String(made.id))).map((file) => `companies/${made.id}/${file}`)).toEqual(expected.sort());
  });

  it('refuses other companies’ admins (404) and agents (403) before reading the body, changing nothing', async () => {
    const skyline = await skylineCompanyId(ctx);
    const before = await snapshot(skyline);
    const part = { name: 'logo', filename: 'l.png', type: 'image/png', data: await photo('png', 64, 64) };
    expect((await sendMedia('harborAdmin', skyline, [part])).statusCode).toBe(404);
    expect((await sendMedia('skylineAgent', skyline, [part])).statusCode).toBe(403);
    expect((await sendMedia('skylineAdmin', 999_999, [part])).statusCode).toBe(404);
    expect(await snapshot(skyline)).toEqual(before);
  });

  it('refuses a call without images, with other fields, or not multipart', async () => {
    const skyline = await skylineCompanyId(ctx);
    const before = await snapshot(skyline);
    const none = await sendMedia('skylineAdmin', skyline, [{ name: 'icon', filename: '', data: '' }]);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(COMPANY_MEDIA_MESSAGES.noneSent);
    const extra = await sendMedia('skylineAdmin', skyline, [
      { name: 'display_name', data: 'Sneaky' },
      { name: 'icon', filename: 'i.png', type: 'image/png', data: await photo('png', 32, 32) },
    ]);
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toEqual({ display_name: [MESSAGES.generic.unknownField] });
    const json = await ctx.inject('skylineAdmin', { method: 'POST', url: mediaUrl(skyline), payload: { icon: 'companies/1/x.png' } });
    expect(json.statusCode).toBe(422);
    expect(await snapshot(skyline)).toEqual(before);
  });
});

describe('bad files are refused with nothing stored', async () => {
  const noisyJpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer();
  // A case's bad file takes the place of the good one of its field, except where it comes in addition.
  const cases: Array<[string, () => Promise<Part>, number, string, { extra?: string }?]> = [
    ['a text file named .png', async () => ({ name: 'icon', filename: 'notes.png', type: 'image/png', data: 'just some text\n' }), 422, PHOTO_MESSAGES.notPhoto],
    [
      'an SVG with a script',
      async () => ({ name: 'logo', filename: 'x.svg', type: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>' }),
      422,
      PHOTO_MESSAGES.notPhoto,
    ],
    ['a 20,000 × 20,000 PNG', async () => ({ name: 'cover_photo', filename: 'huge.png', type: 'image/png', data: await blackPng(20_000, 20_000) }), 422, IMAGE_MESSAGES.tooManyPixels],
    ['a truncated JPEG', async () => ({ name: 'cover_photo', filename: 'cut.jpg', type: 'image/jpeg', data: noisyJpeg.subarray(0, Math.floor(noisyJpeg.length * 0.6)) }), 422, PHOTO_MESSAGES.notPhoto],
    ['a file one byte over the cap', async () => ({ name: 'logo', filename: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(COMPANY_MEDIA_MAX_BYTES + 1, 1) }), 413, COMPANY_MEDIA_MESSAGES.tooLarge],
    [
      'a second icon',
      async () => ({ name: 'icon', filename: 'again.png', type: 'image/png', data: await photo('png', 16, 16) }),
      413,
      'Only one file can be uploaded at a time.',
      { extra: 'At most 3 files can be uploaded at a time.' },
    ],
  ];
  for (const [title, part, status, message, options] of cases) {
    it(`${title}: ${status} on create and on replace`, async () => {
      const skyline = await skylineCompanyId(ctx);
      const before = { ...(await snapshot(skyline)), companies: await ctx.app.db.selectFrom('companies').select('id').execute() };
      const good = await mediaParts();
      const bad = await part();
      const files = options?.extra ? [...good, bad] : [...good.filter((p) => p.name !== bad.name), bad];
      const created = await postCompany(ctx, companyFields({ display_name: 'Bad File Realty' }), files);
      expect(created.statusCode, created.body).toBe(status);
      expect(created.json().message).toBe(options?.extra ?? message);
      // A good image first: a refusal of the second file must not keep the first.
      const first = options?.extra ? good[0]! : good.find((p) => p.name !== bad.name)!;
      const replaced = await sendMedia('skylineAdmin', skyline, [first, bad]);
      expect(replaced.statusCode, replaced.body).toBe(status);
      expect({ ...(await snapshot(skyline)), companies: await ctx.app.db.selectFrom('companies').select('id').execute() }).toEqual(before);
    });
  }

  it('never uses the client’s file name', async () => {
    const made = await newCompany(ctx, { display_name: 'Named Files Realty' });
    const res = await sendMedia('superAdmin', made.id, [{ name: 'icon', filename: '../../../escape.png', type: 'image/png', data: await photo('png', 40, 40) }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.icon).toMatch(new RegExp(`^companies/${made.id}/icon-[0-9a-f]{24}\\.png$`));
    expect(filesUnder(uploads()).some((file) => file.includes('escape'))).toBe(false);
    expect(existsSync(path.join(ctx.database.dir, 'escape.png'))).toBe(false);
  });

  it('answers the images of a company under the image prefix', async () => {
    const made = await newCompany(ctx, { display_name: 'Served Images Realty' });
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${made.icon_small as string}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/webp/);
    expect((await ctx.inject('superAdmin', { method: 'GET', url: `${COMPANY_API}/${made.id}` })).json().data.icon_small).toBe(made.icon_small);
  });
});

describe('over-limit images through fetch', () => {
  const TRIES = 4;
  const PARALLEL = 2;
  let base = '';
  let skyline = 0;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    skyline = await skylineCompanyId(ctx);
  });
  for (const [route, persona, url] of [
    ['POST /company', 'superAdmin', () => `${base}${COMPANY_API}`],
    ['POST /company/{id}/media', 'skylineAdmin', () => `${base}${mediaUrl(skyline)}`],
  ] as const) {
    for (const kind of OVER_LIMIT_CASES) {
      it(`${route} ${kind}: 413 on every try, nothing stored`, async () => {
        const before = await snapshot(skyline);
        const target = { url: url(), token: ctx.tokens[persona]!, field: 'icon', maxBytes: COMPANY_MEDIA_MAX_BYTES, head: PNG_BYTES, filename: 'big.png', type: 'image/png' };
        const outcomes = await sendOverLimit(target, kind, TRIES, PARALLEL);
        expect(unexpected(outcomes, [413])).toEqual([]);
        const messages = new Set(outcomes.map((o) => ('status' in o ? (o.body as { message?: string }).message : o.error)));
        expect(messages).toEqual(new Set([kind === 'tooMany' ? 'Only one file can be uploaded at a time.' : COMPANY_MEDIA_MESSAGES.tooLarge]));
        expect(await snapshot(skyline)).toEqual(before);
      });
    }
  }
});
