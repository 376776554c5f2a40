/**
 * An esbuild plugin for the script-tag runtime and the standalone page: React's imports go to
 * Preact's compatibility layer, ≈ 35 KB gzip lighter than React 18's client on every host page
 * (docs/decisions/0013-preact-in-the-script-tag.md). The npm package keeps the host's own React.
 */
import type { Plugin } from 'esbuild';

const NAMESPACE = 'react-on-preact';

/**
 * `react` and `react-dom` as one module: Preact's compat layer with our own useId. Preact numbers
 * useId by the place in its render tree, so two widgets mounted in separate roots on one page (the
 * script tag's usual case) handed out the same ids, and a label's `for` found the other widget's
 * field. A page-wide counter, kept per component by useState, cannot repeat; nothing here is
 * rendered on a server, where React's ids would have to match.
 */
const REACT_API = `
export * from 'preact/compat';
import compat, { useState } from 'preact/compat';
let next = 0;
export function useId() {
  const [id] = useState(() => ':e' + (next++).toString(36) + ':');
  return id;
}
export default { ...compat, useId };
`;

const SUBPATHS: Readonly<Record<string, string>> = {
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export function reactOnPreact(): Plugin {
  return {
    name: NAMESPACE,
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        if (args.path === 'react' || args.path === 'react-dom') return { path: 'react', namespace: NAMESPACE, pluginData: args.resolveDir };
        const target = SUBPATHS[args.path];
        if (!target) return { errors: [{ text: `${args.path} has no Preact counterpart (scripts/reactOnPreact.ts)` }] };
        // Preact's own package picks its ESM files for the browser.
        return build.resolve(target, { kind: args.kind, resolveDir: args.resolveDir });
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: REACT_API, loader: 'js', resolveDir: args.pluginData as string }));
    },
  };
}
