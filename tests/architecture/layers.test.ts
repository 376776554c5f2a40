/**
 * The layer rules of docs/architecture.md ("Layers", house rules 4 and 8), enforced on every import
 * of src/ (static and lazy): contract → core → runtime, and ui beside them → widgets → embed/app →
 * entries. A layer imports only layers below it; ui sits on contract alone (never core or runtime:
 * it renders what it is given); widgets never import each other's code, only each other's
 * declarations (`widget.ts`/`widgets.ts`: screens to link to); embed and app stand side by side.
 * Package imports are checked too: which layer may take React, React DOM, goober, zod and zustand.
 * Every folder's README (src/<layer>/README.md) says the same; the last test compares them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(process.cwd(), 'src');

const MAY_IMPORT: Record<string, readonly string[]> = {
  contract: [],
  core: ['contract'],
  runtime: ['contract', 'core'],
  ui: ['contract'],
  widgets: ['contract', 'core', 'runtime', 'ui'],
  embed: ['contract', 'core', 'runtime', 'ui', 'widgets'],
  app: ['contract', 'core', 'runtime', 'ui', 'widgets'],
  entries: ['contract', 'core', 'runtime', 'ui', 'widgets', 'embed', 'app'],
  // The conformance command (Node, a bin of the package): the contract only, no browser code.
  conformance: ['contract'],
};

/**
 * The packages each layer may import (exact specifiers). core stays free of React so it runs
 * anywhere (the server shares contract, tests run it bare); only `zod/mini`, never `zod` (its size);
 * React DOM only where roots and portals are made (ui's overlays, embed's roots); goober only
 * behind ui's `css.ts`; zustand's React hook where a store is read in React (runtime, a widget's
 * own store, embed's brand), its vanilla store below React.
 */
const MAY_IMPORT_PACKAGES: Record<string, readonly string[]> = {
  contract: ['zod/mini'],
  core: ['zod/mini', 'zustand/vanilla'],
  runtime: ['react', 'zustand'],
  ui: ['react', 'react-dom', 'goober', 'zod/mini'],
  widgets: ['react', 'zod/mini', 'zustand', 'zustand/vanilla'],
  embed: ['react', 'react-dom', 'react-dom/client', 'zustand'],
  app: ['react'],
  entries: [],
  conformance: ['zod/mini', 'node:fs'],
};

/** Packages a layer may take in some files only: ui's forms load zod through one file. */
const ONLY_IN: Record<string, { layer: string; files: readonly string[] }> = {
  'zod/mini': { layer: 'ui', files: ['ui/schemaValidator.ts'] },
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

/** Every import specifier of a file (comments, where examples name packages, left out). */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const specs = [...text.matchAll(/(?:^|\s)(?:import|export)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)];
  return specs.map((m) => m[1] ?? m[2] ?? m[3]!);
}

const importsOf = (file: string): string[] => specifiersOf(file).filter((spec) => spec.startsWith('.'));
const packagesOf = (file: string): string[] => specifiersOf(file).filter((spec) => !spec.startsWith('.'));

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
        // The catalog lists every widget's declaration, and a widget links to another's screens
        // through its declaration; widgets never import each other's code.
        if (/\/widgets?\.ts$/.test(targetFile)) continue;
        out.push(`${fileName} → ${spec} (widgets never import each other's code, only declarations)`);
      } else if (!MAY_IMPORT[fromTop]?.includes(toTop)) {
        out.push(`${fileName} → ${spec} (${fromTop} may not import ${toTop})`);
      }
    }
  }
  return out;
};

const packageViolations = (): string[] => {
  const out: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = layerOf(file);
    if (from === '(package entry)') continue;
    const top = from.split('/')[0]!;
    const fileName = relative(src, file);
    for (const spec of packagesOf(file)) {
      if (!MAY_IMPORT_PACKAGES[top]?.includes(spec)) out.push(`${fileName} → ${spec} (${top} may not import it)`);
      else if (ONLY_IN[spec]?.layer === top && !ONLY_IN[spec]!.files.includes(fileName)) out.push(`${fileName} → ${spec} (in ${top} only ${ONLY_IN[spec]!.files.join(', ')})`);
    }
  }
  return out;
};

const LAYER_NAMES = Object.keys(MAY_IMPORT);

/** The layers a README's "May import" sentence names (`src/core`, `contract`, widgets …). */
function readmeLayers(layer: string): string[] {
  const text = readFileSync(join(src, layer, 'README.md'), 'utf8');
  const sentence = /\*{0,2}May import:?\*{0,2}([\s\S]*?)(?:\.\s|\*\*Never|Never|;\s*never)/.exec(text)?.[1] ?? '';
  // "every other layer" means the bundles' layers: the conformance command is a Node tool beside them.
  if (/every other layer/.test(sentence)) return LAYER_NAMES.filter((l) => l !== layer && l !== 'conformance');
  return LAYER_NAMES.filter((l) => l !== layer && new RegExp(`\\b(?:src/)?${l}\\b`).test(sentence));
}

describe('layer rules', () => {
  it('every import of src/ goes down the layers', () => {
    expect(violations()).toEqual([]);
  });

  it('every package import is one its layer may make', () => {
    expect(packageViolations()).toEqual([]);
  });

  it('catches a package a layer may not import (core with React)', () => {
    expect(MAY_IMPORT_PACKAGES.core).not.toContain('react');
    expect(MAY_IMPORT_PACKAGES.core).not.toContain('react-dom');
    expect(packagesOf(join(src, 'runtime/useCan.ts'))).toEqual(expect.arrayContaining(['react', 'zustand']));
  });

  it.each(LAYER_NAMES)("src/%s/README.md names the layers this test lets it import", (layer) => {
    expect(readmeLayers(layer).sort()).toEqual([...MAY_IMPORT[layer]!].sort());
  });

  it.each(LAYER_NAMES)("src/%s/README.md names the packages this test lets it import", (layer) => {
    const text = readFileSync(join(src, layer, 'README.md'), 'utf8');
    const sentence = /\*{0,2}May import:?\*{0,2}([\s\S]*?)(?:Imported by|\*\*Imported|$)/.exec(text)?.[1] ?? '';
    for (const pkg of MAY_IMPORT_PACKAGES[layer]!) expect(sentence, `${layer} README: ${pkg}`).toContain(`\`${pkg}\``);
  });

  it('reads the imports it judges (a guard against a rule that can never fail)', () => {
    const all = sourceFiles(src).flatMap(importsOf);
    expect(all.length).toBeGreaterThan(300);
    expect(importsOf(join(src, 'entries/scriptTag.ts'))).toEqual(expect.arrayContaining(['../app', '../embed/estatedesk']));
  });
});
