/**
 * Media in a folder (DATA_DIR/uploads by default), served by plugins/static.ts under the image
 * prefix. Files are written under a temporary dot-name beside the target and renamed, so the
 * folder never holds a partial file under a served name; dot-names are never listed or served.
 */
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkFolder, checkKey, type MediaStore, type StoredObject } from './media-store';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  get location(): string {
    return this.root;
  }

  private fileOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  // The type is the extension's: plugins/static.ts answers with it, so it is not kept here.
  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const target = this.fileOf(key);
    const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await writeFile(temporary, bytes, { mode: 0o644, flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.fileOf(key));
  }

  async remove(key: string): Promise<void> {
    await unlink(this.fileOf(key)).catch((error: unknown) => {
      if (!missing(error)) throw error;
    });
  }

  async removeAll(folder: string): Promise<void> {
    if (!checkFolder(folder)) throw new Error('removeAll needs a folder, not the whole store');
    await rm(path.join(this.root, folder), { recursive: true, force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.fileOf(key)).then(
      (info) => info.isFile(),
      (error: unknown) => {
        if (missing(error)) return false;
        throw error;
      },
    );
  }

  async *list(folder = ''): AsyncIterable<StoredObject> {
    yield* this.walk(checkFolder(folder));
  }

  private async *walk(folder: string): AsyncIterable<StoredObject> {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(this.root, folder), { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = `${folder}${entry.name}`;
      if (entry.isDirectory()) yield* this.walk(`${key}/`);
      else if (entry.isFile()) yield { key, size: (await stat(path.join(this.root, key))).size };
    }
  }

  async close(): Promise<void> {}
}
