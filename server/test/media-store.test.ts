/**
 * The media store's contract, held by both kinds: the local folder and a real S3-compatible
 * server (test/support/s3.ts).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFolder, checkKey, LocalMediaStore, type MediaStore, mediaType, mediaUrl } from '../src/lib/media-store';
import { startS3, type TestS3 } from './support/s3';

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startS3();
  folder = await mkdtemp(path.join(tmpdir(), 'ed-media-'));
});
afterAll(async () => {
  await s3?.stop();
  await rm(folder, { recursive: true, force: true });
});

const all = async (store: MediaStore, under = '') => {
  const out: Array<{ key: string; size: number }> = [];
  for await (const object of store.list(under)) out.push(object);
  return out.sort((a, b) => a.key.localeCompare(b.key));
};

describe.each([
  ['local folder', () => new LocalMediaStore(folder)],
  ['S3 bucket', () => s3.store],
] as const)('%s', (_kind, storeOf) => {
  it('puts, reads, lists and removes files by key', async () => {
    const store = storeOf();
    await store.put('properties/1/a.jpg', Buffer.from('photo one'), 'image/jpeg');
    await store.put('properties/1/a-small.webp', Buffer.from('small'), 'image/webp');
    await store.put('properties/10/b.png', Buffer.from('ten'), 'image/png');
    await store.put('avatars/7-x.png', Buffer.from('me'), 'image/png');

    expect((await store.read('properties/1/a.jpg')).toString()).toBe('photo one');
    expect(await store.exists('properties/1/a.jpg')).toBe(true);
    expect(await store.exists('properties/1/none.jpg')).toBe(false);
    expect(await all(store, 'properties/1/')).toEqual([
      { key: 'properties/1/a-small.webp', size: 5 },
      { key: 'properties/1/a.jpg', size: 9 },
    ]);

    // A folder is a folder: removing properties/1/ leaves properties/10/ alone.
    await store.removeAll('properties/1/');
    expect((await all(store)).map((o) => o.key)).toEqual(['avatars/7-x.png', 'properties/10/b.png']);

    await store.remove('avatars/7-x.png');
    await store.remove('avatars/never-there.png');
    await store.removeAll('companies/404/');
    expect((await all(store)).map((o) => o.key)).toEqual(['properties/10/b.png']);
    await store.removeAll('properties/');
    expect(await all(store)).toEqual([]);
  });

  it('refuses keys that leave the store or name a folder', async () => {
    const store = storeOf();
    for (const key of ['../etc/passwd', '/abs.jpg', 'a//b.jpg', 'a/./b.jpg', 'a\\b.jpg', 'a/', '']) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/media key/);
    }
    await expect(store.removeAll('properties')).rejects.toThrow(/media folder/);
    await expect(store.removeAll('')).rejects.toThrow(/folder/);
  });
});

describe('the local folder', () => {
  it('never leaves a partial file under a served name', async () => {
    const store = new LocalMediaStore(folder);
    await store.put('avatars/1.png', Buffer.alloc(1024), 'image/png');
    expect(await readdir(path.join(folder, 'avatars'))).toEqual(['1.png']);
    await store.remove('avatars/1.png');
  });
});

describe('keys, types and URLs', () => {
  it('checks keys and folders', () => {
    expect(checkKey('companies/3/logo-ab.png')).toBe('companies/3/logo-ab.png');
    expect(checkFolder('companies/3/')).toBe('companies/3/');
    expect(() => checkKey('companies/../3')).toThrow();
  });

  it('types a key by its extension, never as a page', () => {
    expect(mediaType('a/b.jpg')).toBe('image/jpeg');
    expect(mediaType('a/b-small.webp')).toBe('image/webp');
    expect(mediaType('a/b.PNG')).toBe('image/png');
    expect(mediaType('a/b.svg')).toBe('application/octet-stream');
    expect(mediaType('a/b.html')).toBe('application/octet-stream');
  });

  it('answers full URLs only under a prefix that is a URL', () => {
    expect(mediaUrl('/uploads/', 'properties/1/a.jpg')).toBe('properties/1/a.jpg');
    expect(mediaUrl('https://cdn.example/media/', 'properties/1/a.jpg')).toBe('https://cdn.example/media/properties/1/a.jpg');
    expect(mediaUrl('https://cdn.example/media/', 'https://elsewhere.example/x.jpg')).toBe('https://elsewhere.example/x.jpg');
    expect(mediaUrl('https://cdn.example/media/', null)).toBeNull();
  });
});
