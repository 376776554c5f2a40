/**
 * An esbuild plugin for the browser bundles: rewrites named imports from the source tree's barrel
 * files (`src/ui/index.ts`, `src/contract/index.ts`, …) into imports from the files that define
 * each name. With code splitting, esbuild keeps a barrel's re-exports together, so a lazy widget
 * importing `{ Button }` from `../../ui` would otherwise drag every module other widgets use from
 * that barrel (charts, gauges, …) into its chunks. Names it cannot place stay on the barrel import,
 * so the rewrite never changes what a module sees.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'esbuild';

type Origins = Map<string, { file: string; name: string }>;

function resolveTs(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

/** Names a module exports as values, followed through `export * from` and `export { } from`. */
function exportsOf(file: string, seen = new Set<string>()): Origins {
  const out: Origins = new Map();
  if (seen.has(file)) return out;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^export\s+(?:declare\s+)?(?:const|let|var|class|enum|function\*?|async\s+function)\s+([A-Za-z_$][\w$]*)/gm)) {
    out.set(m[1]!, { file, name: m[1]! });
  }
  for (const m of text.matchAll(/^export\s+\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/gm)) {
    const target = resolveTs(file, m[2]!);
    if (!target) continue;
    const inner = exportsOf(target, seen);
    for (const spec of m[1]!.split(',')) {
      const s = spec.trim();
      if (!s || s.startsWith('type ')) continue;
      const [local, exported = local] = s.split(/\s+as\s+/).map((x) => x.trim());
      const origin = local === 'default' ? { file: target, name: 'default' } : (inner.get(local!) ?? { file: target, name: local! });
      out.set(exported!, origin);
    }
  }
  for (const m of text.matchAll(/^export\s+\*\s+from\s*['"]([^'"]+)['"]/gm)) {
    const target = resolveTs(file, m[1]!);
    if (!target) continue;
    for (const [name, origin] of exportsOf(target, seen)) if (!out.has(name)) out.set(name, origin);
  }
  return out;
}

/**
 * @example esbuildPlugins: [directImports(['src/ui/index.ts', 'src/contract/index.ts'])]
 */
export function directImports(barrels: string[]): Plugin {
  const tables = new Map<string, Origins>(barrels.map((b) => [resolve(b), exportsOf(resolve(b))]));
  return {
    name: 'direct-imports',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, (args) => {
        if (tables.has(args.path)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        let changed = false;
        const contents = text.replace(
          /import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])(\.{1,2}\/[^'"]*)\3\s*;?/g,
          (whole, typeOnly: string | undefined, list: string, _q: string, spec: string) => {
            if (typeOnly) return whole;
            const barrel = resolveTs(args.path, spec);
            const table = barrel ? tables.get(barrel) : undefined;
            if (!table) return whole;
            const byFile = new Map<string, string[]>();
            const rest: string[] = [];
            for (const raw of list.split(',')) {
              const s = raw.trim();
              if (!s) continue;
              if (s.startsWith('type ')) {
                rest.push(s);
                continue;
              }
              const [name, alias = name] = s.split(/\s+as\s+/).map((x) => x.trim());
              const origin = table.get(name!);
              if (!origin) {
                rest.push(s);
                continue;
              }
              const entry = origin.name === alias ? alias : `${origin.name} as ${alias}`;
              byFile.set(origin.file, [...(byFile.get(origin.file) ?? []), entry!]);
            }
            changed = true;
            const lines = [...byFile].map(([file, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(file)};`);
            if (rest.length) lines.push(`import { ${rest.join(', ')} } from ${JSON.stringify(spec)};`);
            return lines.join('\n');
          },
        );
        return changed ? { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: dirname(args.path) } : undefined;
      });
    },
  };
}
