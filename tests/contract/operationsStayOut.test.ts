/**
 * The operation catalogue and the OpenAPI builder (src/contract/operations.ts, openapi.ts) pull in
 * zod's JSON Schema code: only the server, the build and the conformance command (src/conformance,
 * Node only) use them. No browser code may import them, and the contract's index (what widgets
 * import) must not re-export them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(__dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

describe('the API description code stays out of the browser bundles', () => {
  it('is imported by no file of src/ but its own', () => {
    const importing = files(src)
      .filter((file) => !/contract[\\/](operations|operationExamples|openapi)\.ts$/.test(file) && !/[\\/]conformance[\\/]/.test(file))
      .filter((file) => /from\s+['"][^'"]*(operations|operationExamples|openapi)['"]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(importing).toEqual([]);
  });
});
