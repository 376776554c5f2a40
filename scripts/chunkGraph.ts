/**
 * The import graph of the script-tag files, used twice by the build (tsup.config.ts):
 * - `chunkGroups`: on esbuild's split output, which of its chunks to join into one file. esbuild
 *   gives every set of lazy widgets that shares code its own chunk, so a page showing the leads
 *   board fetched twenty files of 91 bytes to 48 KB, each compressed on its own; Rollup re-bundles
 *   esbuild's chunks into these groups.
 * - `preloadManifest`: on the final files, what the runtime imports statically, and for each widget
 *   (read from the descriptors in the built runtime and its static chunks: `name:"x",…import("./Y.js")`) the
 *   chunks its lazy chunk needs beyond those. The loader is built with this as its preload manifest,
 *   so a page fetches a widget's chunks in parallel instead of one import level at a time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const STATIC = /(?:\bfrom|\bimport)\s*['"](\.{1,2}\/[^'"]+\.js)['"]/g;
const DESCRIPTOR = /name:\s*"([a-z0-9-]+)"[^}]*?import\(\s*['"](\.{1,2}\/[^'"]+\.js)['"]\s*\)[^}]*\}/g;

const DYNAMIC = /\bimport\(\s*['"](\.{1,2}\/[^'"]+\.js)['"]\s*\)/g;

const imports = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(STATIC)].map((m) => resolve(dirname(file), m[1]!));
const lazyImports = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(DYNAMIC)].map((m) => resolve(dirname(file), m[1]!));
/** A chunk's group name when it is joined with what it loads: esbuild's name without its hash. */
const ownName = (file: string): string => file.replace(/^.*\//, '').replace(/-[A-Z0-9]{8}\.js$/, '');

function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of imports(file)) closure(dep, seen);
  return seen;
}

/** A widget as the built runtime's registry names it: its lazy chunk, and whether it renders signed out. */
export interface BuiltWidget {
  name: string;
  /** Absolute path of its lazy chunk. */
  chunk: string;
  public: boolean;
}

/**
 * @example builtWidgets('dist-loader/runtime.js').find((w) => w.name === 'leads-board')?.chunk
 */
export function builtWidgets(runtime: string): BuiltWidget[] {
  // The declarations sit in the runtime or in a chunk it imports statically (the widget catalog is
  // shared with the full app's chunk, so esbuild may give it a chunk of its own).
  const found = new Map<string, BuiltWidget>();
  for (const file of closure(runtime)) {
    for (const m of readFileSync(file, 'utf8').matchAll(DESCRIPTOR)) {
      if (found.has(m[1]!)) continue;
      found.set(m[1]!, { name: m[1]!, chunk: resolve(dirname(file), m[2]!), public: /\bpublic:\s*(?:!0|true)/.test(m[0]) });
    }
  }
  return [...found.values()];
}

export interface GroupOptions {
  /** The widget shown in place of the others while nobody is signed in. */
  signIn: string;
  /** Shared chunks below this many bytes (esbuild's output, before minifying) join the core. */
  small: number;
}

/**
 * Which file each of esbuild's chunks goes into (absolute path → group name; unlisted chunks are
 * left to Rollup, which keeps chunks needed by the same widgets together):
 * 1. `core`: every chunk the runtime imports statically — one file beside the runtime instead of ten.
 * 2. `core`: code shared by the sign-in widget and a widget that needs a signed-in user. That widget
 *    needs it, and shows the sign-in form in its place while nobody is signed in.
 * 3. `auth`: code shared only by widgets that render signed out (the sign-in family).
 * 4. `core`: any other small shared chunk, rather than a file of its own.
 * 5. A widget's own small dialogs and panels (small chunks that only that widget's chunk loads,
 *    on use, bringing little code of their own) join that chunk: a file of a few hundred bytes costs about as much again in its
 *    own compression, and a request.
 * A chunk joins the core only if everything it imports is in the core, so no two files import
 * each other.
 *
 * @example chunkGroups('.cache/stage/runtime.js', { signIn: 'sign-in', small: 4096 })
 */
export function chunkGroups(runtime: string, { signIn, small }: GroupOptions): Map<string, string> {
  const base = closure(runtime);
  const widgets = builtWidgets(runtime);
  const lazy = new Set(widgets.map((w) => w.chunk));
  const users = new Map<string, BuiltWidget[]>();
  for (const w of widgets) for (const f of closure(w.chunk)) if (!base.has(f)) users.set(f, [...(users.get(f) ?? []), w]);

  const groups = new Map<string, string>();
  for (const f of base) if (f !== runtime) groups.set(f, 'core');
  for (const [f, by] of users) {
    if (by.length < 2 || lazy.has(f)) continue;
    if (by.some((w) => w.name === signIn) && by.some((w) => !w.public)) groups.set(f, 'core');
    else if (by.every((w) => w.public)) groups.set(f, 'auth');
    else if (statSync(f).size < small) groups.set(f, 'core');
  }
  // Code shared by widgets through what they load on use (a time formatter two widgets' dialogs
  // use): small, it joins the core; larger, it keeps a file of its own, so that a widget joined
  // with its dialogs (below) never carries another widget's code.
  const reach = new Map<string, Set<string>>();
  for (const w of widgets) {
    const seen = new Set<string>();
    const visit = (f: string) => {
      if (seen.has(f) || base.has(f) || (lazy.has(f) && f !== w.chunk)) return;
      seen.add(f);
      for (const d of [...imports(f), ...lazyImports(f)]) visit(d);
    };
    visit(w.chunk);
    for (const f of seen) reach.set(f, new Set([...(reach.get(f) ?? []), w.name]));
  }
  for (const [f, by] of reach) {
    if (by.size < 2 || lazy.has(f) || groups.has(f)) continue;
    groups.set(f, statSync(f).size < small ? 'core' : f.replace(/^.*\//, '').replace(/\.js$/, ''));
  }
  const staged = [runtime, ...readdirSync(join(dirname(runtime), 'chunks')).filter((n) => n.endsWith('.js')).map((n) => join(dirname(runtime), 'chunks', n))];
  const loadedBy = new Map<string, string[]>();
  const importedBy = new Set<string>();
  for (const f of staged) {
    for (const d of lazyImports(f)) loadedBy.set(d, [...(loadedBy.get(d) ?? []), f]);
    for (const d of imports(f)) importedBy.add(d);
  }
  for (const f of staged) {
    const loaders = loadedBy.get(f) ?? [];
    if (groups.has(f) || lazy.has(f) || base.has(f) || importedBy.has(f) || loaders.length !== 1 || statSync(f).size >= small) continue;
    const owner = loaders[0]!;
    if (base.has(owner) || (groups.has(owner) && groups.get(owner) !== ownName(owner))) continue;
    // What it would bring into its owner's first load, beyond what that load has, stays small too.
    const owned = closure(owner);
    const brings = [...closure(f)].filter((d) => !owned.has(d) && !base.has(d) && groups.get(d) !== 'core');
    if (brings.reduce((total, d) => total + statSync(d).size, 0) >= small) continue;
    groups.set(owner, ownName(owner));
    groups.set(f, ownName(owner));
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [f, group] of groups) {
      if (group !== 'core' || base.has(f) || imports(f).every((d) => groups.get(d) === 'core')) continue;
      groups.delete(f);
      changed = true;
    }
  }
  return groups;
}

export interface PreloadManifest {
  /** Chunks the runtime imports statically (paths relative to the runtime's folder). */
  r: string[];
  /** Per widget name, the chunks it needs beyond the runtime's, its own lazy chunk first. */
  w: Record<string, string[]>;
  /** Widgets that render signed out (the sign-in forms); the others show the sign-in form until then. */
  p: string[];
}

/**
 * @example preloadManifest('dist-loader/runtime.js') // { r: ['chunks/core-A.js'], w: { 'leads-board': ['chunks/LeadsBoard-B.js', …] } }
 */
export function preloadManifest(runtime: string): PreloadManifest {
  const dir = dirname(runtime);
  const base = closure(runtime);
  const rel = (f: string) => relative(dir, f);
  const w: Record<string, string[]> = {};
  const built = builtWidgets(runtime);
  for (const widget of built) w[widget.name] = [...closure(widget.chunk)].filter((f) => !base.has(f)).map(rel);
  return { r: [...base].filter((f) => f !== runtime).map(rel), w, p: built.filter((b) => b.public).map((b) => b.name) };
}
