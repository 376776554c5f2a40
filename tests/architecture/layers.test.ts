/**
 * The layer rules of docs/architecture.md ("Layers", house rules 4 and 8), enforced on every import
 * of src/ (static and lazy): contract → core → runtime/ui → widgets → embed/app → entries. A layer
 * imports only layers below it; widgets never import each other; embed and app stand side by side.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(process.cwd(), 'src');

const MAY_IMPORT: Record<string, readonly string[]> = {
  contract: [],
  core: ['contract'],
  runtime: ['contract', 'core'],
  ui: ['contract', 'core', 'runtime'],
  widgets: ['contract', 'core', 'runtime', 'ui'],
  embed: ['contract', 'core', 'runtime', 'ui', 'widgets'],
  app: ['contract', 'core', 'runtime', 'ui', 'widgets'],
  entries: ['contract', 'core', 'runtime', 'ui', 'widgets', 'embed', 'app'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * `widgets/leads-board` for a widget's files, `widgets` for the catalog, else the top folder. The
 * package's entries (src/index.ts, and a widget's index.ts: its `estatedesk/widgets/NAME` subpath)
 * sit above every layer.
 */
function layerOf(file: string): string {
  const parts = relative(src, file).split('/');
  if (parts.length === 1 || (parts[0] === 'widgets' && parts.length === 3 && parts[2] === 'index.ts')) return '(package entry)';
  if (parts[0] === 'widgets' && parts.length > 2) return `widgets/${parts[1]}`;
  return parts[0]!;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:^|\s)(?:import|export)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)];
  return specs.map((m) => m[1] ?? m[2] ?? m[3]!).filter((spec) => spec.startsWith('.'));
}

const violations = (): string[] => {
  const out: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = layerOf(file);
    if (from === '(package entry)') continue;
    for (const spec of importsOf(file)) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(src)) continue;
      const targetFile = /\.tsx?$/.test(target) ? target : existsSync(`${target}.ts`) ? `${target}.ts` : existsSync(`${target}.tsx`) ? `${target}.tsx` : `${target}/index.ts`;
      const to = layerOf(targetFile);
      if (to === '(package entry)') {
        out.push(`${relative(src, file)} → ${spec} (the package's entries are imported by nobody inside src)`);
        continue;
      }
      if (to === from) continue;
      const fromTop = from.split('/')[0]!;
      const toTop = to.split('/')[0]!;
      const fileName = relative(src, file);
      if (fromTop === 'widgets' && toTop === 'widgets') {
        // The catalog lists every widget's declaration; widgets themselves never import each other.
        if (from === 'widgets' && /\/widgets?$/.test(spec)) continue;
        out.push(`${fileName} → ${spec} (widgets never import each other)`);
      } else if (!MAY_IMPORT[fromTop]?.includes(toTop)) {
        out.push(`${fileName} → ${spec} (${fromTop} may not import ${toTop})`);
      }
    }
  }
  return out;
};

describe('layer rules', () => {
  it('every import of src/ goes down the layers', () => {
    expect(violations()).toEqual([]);
  });

  it('reads the imports it judges (a guard against a rule that can never fail)', () => {
    const all = sourceFiles(src).flatMap(importsOf);
    expect(all.length).toBeGreaterThan(300);
    expect(importsOf(join(src, 'entries/scriptTag.ts'))).toEqual(expect.arrayContaining(['../app', '../embed/estatedesk']));
  });
});
