/**
 * The multipart form helper (src/lib/multipart.ts) on a real Fastify instance with the server's
 * error handler and body drain: typed text fields checked by a contract schema (422 with the
 * contract's messages), files by part name with their caps (413), required and counted files
 * (422), and the order of those checks. No database: the helper needs none.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contract';
import { invalid } from '../src/lib/http-error';
import { multipart, notAPhoto } from '../src/lib/multipart';
import { PHOTO_MESSAGES } from '../src/lib/uploads-image';
import { acceptUploads, UPLOAD_MESSAGES } from '../src/lib/uploads';
import bodyDrainPlugin from '../src/plugins/body-drain';
import errorsPlugin from '../src/plugins/errors';
import { multipartBody, type Part, PNG_BYTES } from './helpers/multipart';

const Fields = z.object({
  title: z.string().check(z.minLength(1, 'Title is required')),
  rooms: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
});

const FORM = multipart({
  text: Fields,
  ignore: ['id'],
  lists: ['tags'],
  files: {
    cover: { max: 3, most: { count: 1, message: 'One cover only.' } },
    photos: { parts: ['photos[]', 'photos'], max: 3 },
    logo: { max: 1, required: 'Please choose a logo.' },
  },
  maxFileBytes: 8,
  tooLarge: 'Each file must be at most 8 bytes.',
  maxFiles: { count: 4, message: 'At most 4 files in all.' },
  maxTextParts: 6,
  dropEmpty: true,
  notMultipart: () => invalid({ cover: ['Send a form.'] }),
});

const FILES_ONLY = multipart({
  files: { file: { max: 1 } },
  maxFileBytes: 8,
  tooLarge: 'Too big.',
  notMultipart: () => invalid({ file: ['Send a file.'] }, 'Send a file.'),
  noFiles: () => invalid({ file: ['Send a file.'] }, 'Send a file.'),
});

const PHOTOS = multipart({
  files: { png: { max: 2, kinds: ['png'] }, any: { max: 1 } },
  maxFileBytes: 1024,
  tooLarge: 'Too big.',
  notMultipart: () => invalid({ png: ['Send a form.'] }),
  wrongType: notAPhoto,
});

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  // The error plugin reads the image prefix for its not-found answers; nothing else of the config.
  app.decorate('config', { imagePrefix: '/uploads/' } as FastifyInstance['config']);
  await app.register(errorsPlugin);
  await app.register(bodyDrainPlugin);
  acceptUploads(app);
  app.post('/form', async (request) => {
    const { fields, files, all } = await FORM.read(request);
    const names = (list: { name: string }[]) => list.map((file) => file.name);
    return { fields, cover: names(files.cover), photos: names(files.photos), logo: names(files.logo), all: all.length };
  });
  app.post('/file', async (request) => {
    const { files, fields } = await FILES_ONLY.read(request);
    return { file: files.file[0]!.bytes.toString(), fields };
  });
  app.post('/photos', async (request) => (await PHOTOS.read(request)).all.map((file) => file.field));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const file = (name: string, filename: string, data = 'abc'): Part => ({ name, filename, type: 'image/png', data });
const text = (name: string, data: string): Part => ({ name, data });
const post = (url: string, parts: Part[]) => app.inject({ method: 'POST', url, ...multipartBody(parts) });

describe('multipart()', () => {
  it('hands the handler the checked text fields and the files by field, part names joined', async () => {
    const res = await post('/form', [
      text('title', 'Sea view'),
      text('rooms', '3'),
      text('tags[]', 'a'),
      text('tags[]', 'b'),
      text('id', '99'),
      text('logo', ''), // a file field sent as text: files only count
      file('cover', 'c.png'),
      file('photos[]', 'p1.png'),
      file('photos', 'p2.png'),
      file('logo', 'l.png'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      fields: { title: 'Sea view', rooms: '3', tags: ['a', 'b'] },
      cover: ['c.png'],
      photos: ['p1.png', 'p2.png'],
      logo: ['l.png'],
      all: 4,
    });
  });

  it('gathers a list sent as the same name repeated; one value stays as sent', async () => {
    const repeated = await post('/form', [text('title', 'x'), text('tags', 'a'), text('tags', 'b'), file('logo', 'l.png')]);
    expect(repeated.json().fields.tags).toEqual(['a', 'b']);
    const single = await post('/form', [text('title', 'x'), text('tags', 'a'), file('logo', 'l.png')]);
    // The schema judges a single value as it is (here: not a list).
    expect(single.statusCode).toBe(422);
    expect(Object.keys(single.json().errors)).toEqual(['tags']);
  });

  it('answers bad and unknown text fields like a JSON body, with the missing files in the same 422', async () => {
    const res = await post('/form', [text('title', ''), file('cover', 'c.png')]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'Error', errors: { title: ['Title is required'], logo: ['Please choose a logo.'] } });
    const unknown = await post('/form', [text('title', 'x'), text('colour', 'red'), file('logo', 'l.png')]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ colour: [MESSAGES.generic.unknownField] });
  });

  it('checks a field’s own count after the text fields: 422 with its message', async () => {
    const res = await post('/form', [text('title', 'x'), file('cover', 'a.png'), file('cover', 'b.png'), file('logo', 'l.png')]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cover: ['One cover only.'] });
    const both = await post('/form', [text('title', ''), file('cover', 'a.png'), file('cover', 'b.png'), file('logo', 'l.png')]);
    expect(both.json().errors).toEqual({ title: ['Title is required'] });
  });

  it('refuses a file over the cap, too many under one part name, too many in all and too many text parts (413)', async () => {
    const big = await post('/form', [text('title', 'x'), file('logo', 'l.png', '123456789')]);
    expect([big.statusCode, big.json().message]).toEqual([413, 'Each file must be at most 8 bytes.']);
    const exact = await post('/form', [text('title', 'x'), file('logo', 'l.png', '12345678')]);
    expect(exact.statusCode).toBe(200);
    const twoLogos = await post('/form', [text('title', 'x'), file('logo', 'a.png'), file('logo', 'b.png')]);
    expect([twoLogos.statusCode, twoLogos.json().message]).toEqual([413, UPLOAD_MESSAGES.tooManyFiles(1)]);
    const five = await post('/form', [text('title', 'x'), file('photos', '1'), file('photos', '2'), file('photos[]', '3'), file('photos[]', '4'), file('logo', 'l')]);
    expect([five.statusCode, five.json().message]).toEqual([413, 'At most 4 files in all.']);
    const texts = await post('/form', [...Array.from({ length: 7 }, (_, i) => text(`t${i}`, 'x')), file('logo', 'l.png')]);
    expect([texts.statusCode, texts.json().message]).toEqual([413, MESSAGES.generic.payloadTooLarge]);
  });

  it('drops a form’s empty file input when asked; counts it as a file otherwise', async () => {
    // What a browser sends for an empty file input: a file part with an empty file name and no bytes.
    const emptyInput = (field: string, before = '') => ({
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: `${before}--xyz\r\nContent-Disposition: form-data; name="${field}"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--xyz--\r\n`,
    });
    const title = '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n';
    const dropped = await app.inject({ method: 'POST', url: '/form', ...emptyInput('logo', title) });
    expect(dropped.json().errors).toEqual({ logo: ['Please choose a logo.'] });
    const kept = await app.inject({ method: 'POST', url: '/file', ...emptyInput('file') });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().file).toBe('');
  });

  it('answers a body that is not multipart, and a form without a file, with the call’s own errors', async () => {
    const json = await app.inject({ method: 'POST', url: '/form', payload: { title: 'x' } });
    expect([json.statusCode, json.json().errors]).toEqual([422, { cover: ['Send a form.'] }]);
    const none = await post('/file', [text('note', 'hello')]);
    expect([none.statusCode, none.json().message, none.json().errors]).toEqual([422, 'Send a file.', { file: ['Send a file.'] }]);
  });

  it('without a text schema takes files only, leaving text parts unjudged', async () => {
    const res = await post('/file', [text('anything', 'at all'), file('file', 'f.csv', 'a,b')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ file: 'a,b', fields: {} });
  });

  it('takes a field’s kinds by content, whatever the declared type; refuses another kind with wrongType', async () => {
    const ok = await post('/photos', [{ name: 'png', filename: 'a.jpg', type: 'image/jpeg', data: PNG_BYTES }, file('any', 'x.txt', 'text')]);
    expect([ok.statusCode, ok.json()]).toEqual([200, ['png', 'any']]);
    const named = await post('/photos', [{ name: 'png', filename: 'a.png', type: 'image/png', data: 'not a png' }]);
    expect([named.statusCode, named.json().message, named.json().errors]).toEqual([422, PHOTO_MESSAGES.notPhoto, { png: [PHOTO_MESSAGES.notPhoto] }]);
  });

  it('a broken body is 400, as for every upload', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/file',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\nabc',
    });
    expect([res.statusCode, res.json().message]).toEqual([400, UPLOAD_MESSAGES.broken]);
  });
});
