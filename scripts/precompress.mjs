/**
 * Writes a brotli (`.br`, highest quality) and a gzip (`.gz`, level 9) copy beside every text file
 * the server serves as built: the full app (dist-app), the script-tag files (dist-loader) and the
 * React host example's bundle. The server sends the copy the browser accepts, as is
 * (server/src/plugins/static.ts), so no request pays for compressing a file. Files under 1 KB are
 * left alone: their headers weigh about what compression would save.
 *
 * @example node scripts/precompress.mjs            # after the build (npm run build runs it)
 * @example node scripts/precompress.mjs /tmp/site  # other folders (the server's tests)
 */
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const BUILT = ['dist-app', 'dist-loader', 'examples/react-host/dist'];
const FOLDERS = process.argv.length > 2 ? process.argv.slice(2).map((dir) => resolve(dir)) : BUILT.map((dir) => join(root, dir));
const TEXT = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;
const MIN_BYTES = 1024;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return TEXT.test(entry.name) && statSync(path).size >= MIN_BYTES ? [path] : [];
  });
}

let count = 0;
let before = 0;
let after = 0;
for (const dir of FOLDERS) {
  if (!existsSync(dir)) continue;
  for (const file of files(dir)) {
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count += 1;
    before += data.length;
    after += br.length;
  }
}
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB brotli`);
