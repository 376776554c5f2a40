/**
 * A screen's path is written once, in its widget's declaration (src/runtime/screens.ts,
 * docs/new-widget.md): everything else — the app's routes and sidebar, a widget's own `<Switch>`,
 * links and navigation — reads the declaration and its typed `href()`. This fails when a declared
 * path appears as a string anywhere else in src/ (comments, and the API addresses of src/contract,
 * aside).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SCREENS } from '../../src/app/screens';
import { screensOf } from '../../src/runtime/widget';
import { WIDGET_CATALOG } from '../../src/widgets/catalog';

const src = resolve(process.cwd(), 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How a path would be written as a string: `'/login'`, `"/login?mode=x"`, `` `/login` `` — and for
 * a pattern with parameters its fixed start (`` `/property/${id}` ``) or the pattern itself.
 */
function pathPattern(path: string): RegExp {
  const param = path.indexOf(':');
  if (param === -1) return new RegExp(`['"\`]${escape(path)}(?=['"\`?#]|\\$\\{)`);
  return new RegExp(`['"\`](?:${escape(path)}['"\`]|${escape(path.slice(0, param))})`);
}

/** Lines of `text` writing one of `paths` as a string. */
export function offences(text: string, paths: readonly string[]): string[] {
  const code = withoutComments(text).split('\n');
  return paths.flatMap((path) => {
    const pattern = pathPattern(path);
    return code.filter((line) => pattern.test(line)).map((line) => `${path}: ${line.trim()}`);
  });
}

const declared = [...WIDGET_CATALOG.flatMap(screensOf), ...Object.values(APP_SCREENS)].map((s) => s.path);

/** The file holding `path: '<path>'`: the declaration. */
const declarationOf = (path: string, files: readonly string[]) =>
  files.filter((file) => withoutComments(readFileSync(file, 'utf8')).includes(`path: '${path}'`)).map((f) => relative(src, f));

describe('screen paths', () => {
  // src/contract holds the API's addresses (`AUTH_PATHS.register` is `POST /api/v1/register`):
  // server calls, not screens, even where the words are the same.
  const files = sourceFiles(src).filter((file) => !relative(src, file).startsWith('contract/'));

  it('each declared path has exactly one declaration', () => {
    expect(declared.length).toBeGreaterThan(20);
    for (const path of declared) expect(declarationOf(path, files), path).toHaveLength(1);
  });

  it('no declared path is written in src/ outside its declaration', () => {
    const found: string[] = [];
    for (const file of files) {
      const name = relative(src, file);
      const own = declared.filter((path) => declarationOf(path, [file]).length === 1);
      const others = declared.filter((path) => !own.includes(path));
      found.push(...offences(readFileSync(file, 'utf8'), others).map((o) => `${name}: ${o}`));
      // A declaration file writes each of its paths once.
      for (const path of own) {
        const count = offences(readFileSync(file, 'utf8'), [path]).length;
        if (count !== 1) found.push(`${name}: ${path} written ${count} times`);
      }
    }
    expect(found).toEqual([]);
  });

  it('catches a path written as a string, a query or a template (a guard against a check that never fails)', () => {
    const paths = ['/login', '/property/:id', '/properties/list'];
    expect(offences(`navigate('/login?mode=forgot');`, paths)).toHaveLength(1);
    expect(offences('<Link to={`/property/${id}`}>', paths)).toHaveLength(1);
    expect(offences(`<Route path="/properties/list" />`, paths)).toHaveLength(1);
    expect(offences(`const p = '/property/:id';`, paths)).toHaveLength(1);
    expect(offences(`api.get('/properties/7'); // '/login' in a comment`, paths)).toEqual([]);
    expect(offences(`const x = '/login-help';`, paths)).toEqual([]);
  });
});
