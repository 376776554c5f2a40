/**
 * An integrator's project, made the way one would meet the package: the built package packed with
 * `npm pack` and unpacked into the project's node_modules, a strict TypeScript check of a consumer
 * file against its declarations (React 18 or 19 types), and the consumer bundled for the browser
 * with that React. React 19 is the workspace's; React 18 is the vendored UMD build (an npm alias
 * of react-dom@18 conflicts with the workspace's react@19 peer), reached through small shims.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

export const repo = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
const repoModules = join(repo, 'node_modules');
export const REACT18_UMD = join(repo, 'tests/e2e/fixtures/vendor/react18');

/** Packs the built package (`dist/`) and unpacks it as `node_modules/estatedesk` of a new project. */
export function packedProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'estatedesk-consumer-'));
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: repo, encoding: 'utf8' })
    .trim()
    .split('\n')
    .at(-1)!;
  const target = join(dir, 'node_modules', 'estatedesk');
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', target, '--strip-components=1']);
  // The package's own dependencies, as npm would install them beside it.
  const manifest = JSON.parse(execFileSync('cat', [join(target, 'package.json')], { encoding: 'utf8' })) as {
    dependencies: Record<string, string>;
  };
  for (const dep of Object.keys(manifest.dependencies)) {
    const link = join(dir, 'node_modules', dep);
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(join(repoModules, dep), link);
  }
  return dir;
}

/** What the package's tarball holds, relative to its root. */
export function packedFiles(project: string): string[] {
  const walk = (dir: string, prefix = ''): string[] =>
    readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    );
  return walk(join(project, 'node_modules', 'estatedesk'));
}

export const CONSUMER_SOURCE = `
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { EstateDeskProvider, LeadsBoard, SignIn, type LeadsBoardProps, type HostEventListener } from 'estatedesk';
import { LeadsBoard as LeadsBoardFromSubpath, leadsBoardWidget } from 'estatedesk/widgets/leads-board';
import { Dashboard } from 'estatedesk/widgets/dashboard';
import { MESSAGES } from 'estatedesk/contract';

const props: LeadsBoardProps = {};
const onEvent: HostEventListener = (type) => {
  (window as unknown as { events: string[] }).events.push(type);
};

function Host() {
  const [count] = useState(0);
  return (
    <EstateDeskProvider config={{ apiBase: '' }} onEvent={onEvent}>
      <h1>Consumer {count}</h1>
      <section id="sign-in"><SignIn /></section>
      <section id="leads"><LeadsBoardFromSubpath {...props} /></section>
      <p hidden>{typeof Dashboard}</p>
    </EstateDeskProvider>
  );
}

Object.assign(window, {
  events: [],
  sameComponent: LeadsBoard === LeadsBoardFromSubpath,
  widgetName: leadsBoardWidget.name,
  message: MESSAGES.leads.added,
});
createRoot(document.getElementById('root')!).render(<Host />);
`;

/** Type-checks the consumer strictly (`skipLibCheck: false`) against React `major`'s types. */
export function typeCheck(project: string, major: 18 | 19, moduleResolution: 'bundler' | 'node10'): string {
  const dir = join(project, `check-${major}-${moduleResolution}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'consumer.tsx'), CONSUMER_SOURCE);
  writeFileSync(
    join(dir, 'react-dom-client.d.ts'),
    "import type { ReactNode } from 'react';\nexport function createRoot(container: Element): { render(children: ReactNode): void; unmount(): void };\n",
  );
  const reactTypes = join(repoModules, '@types', major === 18 ? 'react-18' : 'react');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        skipLibCheck: false,
        // As `tsc --init` sets it; zod's own CommonJS declarations need it under node10.
        esModuleInterop: true,
        noEmit: true,
        target: 'es2022',
        lib: ['es2022', 'dom', 'dom.iterable'],
        module: moduleResolution === 'bundler' ? 'esnext' : 'commonjs',
        moduleResolution,
        jsx: 'react-jsx',
        types: [],
        baseUrl: '.',
        paths: {
          react: [reactTypes],
          'react/*': [`${reactTypes}/*`],
          // react-dom@18's types cannot be installed beside the workspace's; the consumer needs only createRoot.
          'react-dom/client': [major === 18 ? './react-dom-client.d.ts' : join(repoModules, '@types', 'react-dom', 'client.d.ts')],
        },
      },
      files: ['consumer.tsx'],
    }),
  );
  try {
    execFileSync(process.execPath, [join(repoModules, 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`.trim() || String(error);
  }
}

/** Bundles the consumer for the browser with React `major`; the page must provide React 18 as UMD globals. */
export async function bundle(project: string, major: 18 | 19): Promise<string> {
  const dir = join(project, `bundle-${major}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'consumer.tsx'), CONSUMER_SOURCE);
  let alias: Record<string, string> = {};
  if (major === 18) {
    const shims = join(dir, 'shims');
    mkdirSync(shims, { recursive: true });
    writeFileSync(join(shims, 'react.js'), 'module.exports = window.React;');
    writeFileSync(join(shims, 'react-dom.js'), 'module.exports = window.ReactDOM;');
    writeFileSync(
      join(shims, 'jsx-runtime.js'),
      [
        'const React = window.React;',
        'const jsx = (type, props, key) => React.createElement(type, key === undefined ? props : { ...props, key });',
        'module.exports = { jsx, jsxs: jsx, Fragment: React.Fragment };',
      ].join('\n'),
    );
    alias = {
      react: join(shims, 'react.js'),
      'react/jsx-runtime': join(shims, 'jsx-runtime.js'),
      'react-dom': join(shims, 'react-dom.js'),
      'react-dom/client': join(shims, 'react-dom.js'),
    };
  }
  const result = await build({
    entryPoints: [join(dir, 'consumer.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    jsx: 'automatic',
    // The project's node_modules first (the packed package); the workspace's for the rest.
    nodePaths: [repoModules],
    alias,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
