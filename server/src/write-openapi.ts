/**
 * Writes the API description (modules/reference/document.ts) to a file: the build runs it after
 * the server build to put dist/openapi.json into the npm package (`estatedesk/openapi.json`).
 *
 * Usage: node server/dist/write-openapi.js dist/openapi.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiDocument } from './modules/reference/document';

const target = process.argv[2];
if (!target) {
  console.error('usage: write-openapi <file>');
  process.exit(2);
}
mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
writeFileSync(target, `${JSON.stringify(apiDocument(), null, 2)}\n`);
const operations = Object.values((apiDocument().paths ?? {}) as Record<string, object>).reduce((n, p) => n + Object.keys(p).length, 0);
console.log(`${target}: OpenAPI 3.1, ${operations} operations`);
