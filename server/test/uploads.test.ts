/**
 * Uploads and oversized bodies on the wire: a listening server and the global fetch, as browsers
 * send them. Every over-limit try is refused (never a network error, never a saved file), broken
 * multipart answers 400, and avatars are checked for pixel size and stored re-encoded.
 */
import { type Dirent, existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, LEAD_IMPORT_HEADERS, MESSAGES } from '../../src/contract';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../src/modules/leads/import/file';
import { drainBody } from '../src/plugins/body-drain';
import { companyIdOf } from './helpers/leads';
import { blackPng, multipartBody, PNG_BYTES } from './helpers/multipart';
import { type Outcome, OVER_LIMIT_CASES, sendMany, sendOnce, sendOverLimit, unexpected, type UploadTarget } from './helpers/overLimit';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const TRIES = 50;
const PARALLEL = 5;
let base = '';

beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

const auth = (persona: 'skylineAgent' | 'skylineAdmin') => ({ authorization: `Bearer ${ctx.tokens[persona]}` });
const avatarUrl = () => `${base}/api/v1/users/${ctx.ids.skylineAgent}/avatar`;
const importUrl = () => `${base}/api/v1/leads/import`;

const uploadsDir = () => path.join(ctx.database.dir, 'uploads');
/** Every file under the data folder's uploads, as relative paths. */
const storedFiles = (): string[] => {
  if (!existsSync(uploadsDir())) return [];
  const entries = readdirSync(uploadsDir(), { recursive: true, withFileTypes: true }) as Dirent[];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadsDir(), path.join(entry.parentPath, entry.name)))
    .sort();
};

const profile = async () => {
  const res = await fetch(`${base}/api/v1/users/profile`, { headers: auth('skylineAgent') });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
};

const postMultipart = (url: string, persona: 'skylineAgent' | 'skylineAdmin', body: Buffer, contentType: string) =>
  sendOnce({ url, headers: { ...auth(persona), 'content-type': contentType }, body: { kind: 'bytes', data: body } });

const avatarOf = (data: Buffer, filename = 'me.png', type = 'image/png') =>
  multipartBody([{ name: 'avatar', filename, type, data }]);

async function uploadAvatar(data: Buffer, filename?: string, type?: string): Promise<Outcome> {
  const body = avatarOf(data, filename, type);
  return postMultipart(avatarUrl(), 'skylineAgent', body.payload, body.headers['content-type']);
}

/** What must not change when an upload is refused: the stored files and the profile. */
async function snapshot() {
  return { files: storedFiles(), profile: await profile() };
}

const statusOf = (outcome: Outcome) => ('status' in outcome ? outcome.status : outcome.error);
const messageOf = (outcome: Outcome) => ('status' in outcome ? (outcome.body as { message?: unknown }).message : undefined);

let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 60, b: 30 } } }).png().toBuffer();
  // The profile starts with an avatar, so that "unchanged" means something.
  expect(statusOf(await uploadAvatar(photo))).toBe(200);
});

describe('avatar uploads over the limits, through fetch', () => {
  const target = (): UploadTarget => ({
    url: avatarUrl(),
    token: ctx.tokens.skylineAgent!,
    field: 'avatar',
    maxBytes: AVATAR_MAX_BYTES,
    head: PNG_BYTES,
    filename: 'big.png',
    type: 'image/png',
  });

  for (const kind of OVER_LIMIT_CASES) {
    it(`${kind}: refused on every one of ${TRIES} tries, nothing stored, profile unchanged`, async () => {
      const before = await snapshot();
      const outcomes = await sendOverLimit(target(), kind, TRIES, PARALLEL);
      expect(unexpected(outcomes, [413, 422])).toEqual([]);
      if (kind !== 'tooMany') expect(new Set(outcomes.map(messageOf))).toEqual(new Set([MESSAGES.profile.avatarTooLarge]));
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe('oversized bodies answer 413 through fetch', () => {
  it(`a 5 MB JSON body to POST /api/v1/auth, ${TRIES} times`, async () => {
    const data = Buffer.from(JSON.stringify({ username: 'agent@skyline.test', password: 'x'.repeat(5 * 1024 * 1024) }));
    const request = { url: `${base}/api/v1/auth`, headers: { 'content-type': 'application/json' }, body: { kind: 'bytes' as const, data } };
    const outcomes = await sendMany(request, TRIES, PARALLEL);
    expect(unexpected(outcomes, [413])).toEqual([]);
    expect(new Set(outcomes.map(messageOf))).toEqual(new Set([MESSAGES.generic.payloadTooLarge]));
  });

  describe('POST /api/v1/leads/import', () => {
    const countLeads = async () => {
      const company = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
      const row = await ctx.app.db.selectFrom('leads').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', company).executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const target = (): UploadTarget => ({
      url: importUrl(),
      token: ctx.tokens.skylineAdmin!,
      field: 'file',
      maxBytes: IMPORT_MAX_BYTES,
      head: Buffer.from(`${LEAD_IMPORT_HEADERS.join(',')}\r\n`),
      filename: 'leads.csv',
      type: 'text/csv',
    });

    for (const kind of OVER_LIMIT_CASES) {
      it(`${kind}: 413 on every one of ${TRIES} tries (or 429 while another runs), no lead imported`, async () => {
        const before = await countLeads();
        const outcomes = await sendOverLimit(target(), kind, TRIES, PARALLEL);
        // One import at a time per person (the cost limits): parallel tries may meet a 429 instead.
        expect(unexpected(outcomes, [413, 429])).toEqual([]);
        const tooLarge = outcomes.filter((o) => 'status' in o && o.status === 413);
        expect(tooLarge.length).toBeGreaterThan(0);
        if (kind !== 'tooMany') expect(new Set(tooLarge.map(messageOf))).toEqual(new Set([IMPORT_MESSAGES.tooLarge]));
        expect(await countLeads()).toBe(before);
      });
    }
  });
});

describe('broken multipart answers 400', () => {
  const boundary = 'xXbOuNdArYXx';
  const whole = (field: string, data: Buffer, filename: string, type: string) =>
    multipartBody([{ name: field, filename, type, data }], boundary).payload;
  const routes = [
    { name: 'avatar', url: avatarUrl, persona: 'skylineAgent' as const, field: 'avatar', filename: 'me.png', type: 'image/png', data: () => photo },
    {
      name: 'import',
      url: importUrl,
      persona: 'skylineAdmin' as const,
      field: 'file',
      filename: 'leads.csv',
      type: 'text/csv',
      data: () => Buffer.from(`${LEAD_IMPORT_HEADERS.join(',')}\r\n`),
    },
  ];

  for (const route of routes) {
    describe(route.name, () => {
      it('a body cut inside the file', async () => {
        const before = await snapshot();
        const body = whole(route.field, route.data(), route.filename, route.type);
        const cut = body.subarray(0, body.indexOf('\r\n\r\n') + 4 + Math.floor(route.data().length / 2));
        const outcome = await postMultipart(route.url(), route.persona, cut, `multipart/form-data; boundary=${boundary}`);
        expect(statusOf(outcome)).toBe(400);
        expect(messageOf(outcome)).toMatch(/incomplete|malformed/i);
        expect(await snapshot()).toEqual(before);
      });

      it('a body without its closing boundary', async () => {
        const before = await snapshot();
        const body = whole(route.field, route.data(), route.filename, route.type);
        const cut = body.subarray(0, body.lastIndexOf(`--${boundary}--`));
        const outcome = await postMultipart(route.url(), route.persona, cut, `multipart/form-data; boundary=${boundary}`);
        expect(statusOf(outcome)).toBe(400);
        expect(await snapshot()).toEqual(before);
      });

      it('a multipart content type without a boundary', async () => {
        const before = await snapshot();
        const body = whole(route.field, route.data(), route.filename, route.type);
        const outcome = await postMultipart(route.url(), route.persona, body, 'multipart/form-data');
        expect(statusOf(outcome)).toBe(400);
        expect(messageOf(outcome)).toMatch(/boundary/i);
        expect(await snapshot()).toEqual(before);
      });
    });
  }
});

describe('avatar images', () => {
  it('refuses a 20,000 × 20,000 PNG (small on disk, 400 MB decoded) with 422', async () => {
    const huge = await blackPng(20_000, 20_000);
    expect(huge.length).toBeLessThan(AVATAR_MAX_BYTES);
    const before = await snapshot();
    const outcome = await uploadAvatar(huge);
    expect(statusOf(outcome)).toBe(422);
    expect(messageOf(outcome)).toMatch(/pixels/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file that starts like a PNG but is no image', async () => {
    const before = await snapshot();
    const outcome = await uploadAvatar(Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.alloc(64, 1)]));
    expect(statusOf(outcome)).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('stores a PNG re-encoded within 512 × 512 and serves it', async () => {
    const outcome = await uploadAvatar(photo);
    expect(statusOf(outcome)).toBe(200);
    const url = ((outcome as { body: { data: { avatar: string } } }).body.data.avatar);
    expect(url).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]+\.png$/);
    expect((await profile()).avatar).toBe(url);
    const served = await fetch(`${base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/png/);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(photo)).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 341]);
    // Only the current avatar is kept, and no temporary file is left beside it.
    expect(storedFiles()).toEqual([url.replace('/uploads/', '')]);
  });

  it('stores a JPEG as a JPEG, whatever type the browser declared', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
    const outcome = await uploadAvatar(jpeg, 'me.png', 'image/png');
    expect(statusOf(outcome)).toBe(200);
    const url = ((outcome as { body: { data: { avatar: string } } }).body.data.avatar);
    expect(url).toMatch(/\.jpg$/);
    const meta = await sharp(Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 341, 512]);
  });
});

describe('drainBody (what is left of a refused body)', () => {
  const body = () => Object.assign(new PassThrough(), { complete: false }) as unknown as IncomingMessage & PassThrough;

  it('reads to the end and says so', async () => {
    const raw = body();
    const drained = drainBody(raw, 1024, 1000);
    raw.write(Buffer.alloc(600));
    raw.end(Buffer.alloc(400));
    expect(await drained).toBe(true);
  });

  it('gives up past its byte bound, and when the sender goes quiet', async () => {
    const big = body();
    const overBound = drainBody(big, 1024, 1000);
    big.write(Buffer.alloc(2048));
    expect(await overBound).toBe(false);
    const quiet = body();
    const stalled = drainBody(quiet, 1024, 50);
    quiet.write(Buffer.alloc(10));
    expect(await stalled).toBe(false);
  });
});
