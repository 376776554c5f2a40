/**
 * The import graph of the built script-tag files: what the runtime imports statically, and for
 * each widget (read from the descriptors in the built runtime: `name:"x",…import("./chunks/Y.js")`)
 * the chunks its lazy chunk needs beyond those. The loader is built with this as its preload
 * manifest, so a page fetches a widget's chunks in parallel instead of one import level at a time.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const STATIC = /(?:\bfrom|\bimport)\s*['"](\.{1,2}\/[^'"]+\.js)['"]/g;

function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(STATIC)) closure(resolve(dirname(file), m[1]!), seen);
  return seen;
}

export interface PreloadManifest {
  /** Chunks the runtime imports statically (paths relative to the runtime's folder). */
  r: string[];
  /** Per widget name, the chunks it needs beyond the runtime's, its own lazy chunk first. */
  w: Record<string, string[]>;
}

/**
 * @example preloadManifest('dist-loader/runtime.js') // { r: ['chunks/chunk-A.js', …], w: { 'leads-board': ['chunks/LeadsBoard-B.js', …] } }
 */
export function preloadManifest(runtime: string): PreloadManifest {
  const dir = dirname(runtime);
  const base = closure(runtime);
  const rel = (f: string) => relative(dir, f);
  const w: Record<string, string[]> = {};
  const text = readFileSync(runtime, 'utf8');
  for (const m of text.matchAll(/name:"([a-z0-9-]+)"[^}]*?import\(\s*['"](\.\/chunks\/[^'"]+\.js)['"]\s*\)/g)) {
    const lazy = resolve(dir, m[2]!);
    w[m[1]!] = [...closure(lazy)].filter((f) => !base.has(f)).map(rel);
  }
  return { r: [...base].filter((f) => f !== runtime).map(rel), w };
}
