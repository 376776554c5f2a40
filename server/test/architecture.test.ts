/**
 * The server's layer rules (server/README.md, "What lives where"), checked on the source of
 * server/src with the TypeScript compiler: every import (static, `export … from`, lazy `import()`,
 * and `import type` too: a type-only import still ties two files together, and a circle of types
 * is a circle of meaning even when nothing of it runs) and every place that builds a query.
 *
 * 1. Only repositories query. A query is built with Kysely (`selectFrom`, `insertInto`,
 *    `updateTable`, `deleteFrom`, `replaceInto`, `mergeInto`, `selectNoFrom`, `with`,
 *    `withRecursive`, `executeQuery`, `schema`, `introspection`), with its `sql` template and
 *    helpers or `CompiledQuery`, or straight on a driver (pg's `query`, better-sqlite3's `prepare`,
 *    `exec`, `pragma`). The compiler says which package a called method belongs to, so an array's
 *    `.with()` is no query and a Kysely one is, whatever the variable is called. Opening a
 *    transaction (`db.transaction()`) is no query: services open one and hand it to repositories.
 * 2. Routes → services → repositories: a routes file never imports a repository; a repository never
 *    reaches a service or a routes file, directly or through other files; a service never reaches a
 *    routes file.
 * 3. No circle of imports between modules (`src/modules/<name>/` as one node each, their direct
 *    imports of each other as edges) and none between files.
 *
 * Static, so the same on both engines: it runs in the `sqlite` project only.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const server = resolve(__dirname, '..');
const src = join(server, 'src');

/**
 * Where queries may be built, each with why. Nothing else is infrastructure that queries: plugins,
 * lib/, the shared state's memory store and the entry files (app, server, seed-cli) open at most
 * a transaction and call repositories.
 */
const QUERY_PLACES: ReadonlyArray<readonly [RegExp, string]> = [
  [/(^|\/)(\w[\w-]*\.)?repository\.ts$/, 'repositories (shared-state/postgres.repository.ts too: the shared state on PostgreSQL)'],
  [/^db\//, 'the database itself: connection and checkpointer, migrations, seeding and generated data, prepared statements'],
];

/** Kysely's calls that start a query, the drivers' calls that run one. */
const QUERY_CALLS = new Set([
  'selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto', 'with', 'withRecursive',
  'executeQuery', 'schema', 'introspection', 'query', 'prepare', 'exec', 'pragma',
]);
const DATABASE_PACKAGES = /\/node_modules\/(kysely|@types\/pg|pg|@types\/better-sqlite3|better-sqlite3)\//;

export type Role = 'routes' | 'service' | 'repository' | 'other';
export const roleOf = (file: string): Role => {
  const name = basename(file);
  if (/^(.+\.)?routes\.ts$/.test(name)) return 'routes';
  if (/^(.+\.)?service\.ts$/.test(name)) return 'service';
  if (/^(.+\.)?repository\.ts$/.test(name)) return 'repository';
  return 'other';
};

/** An import: file and target relative to src/, the text as written. */
export interface Edge {
  from: string;
  to: string;
  spec: string;
  typeOnly: boolean;
}

/** A place building a query: file relative to src/, line, what. */
export interface QuerySite {
  file: string;
  line: number;
  what: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null; // packages and @contract
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  throw new Error(`${relative(src, from)}: cannot resolve ${spec}`);
}

/** Reads server/src: its imports and its query sites. */
function analyse(): { files: string[]; edges: Edge[]; queries: QuerySite[] } {
  const files = sourceFiles(src);
  const config = ts.getParsedCommandLineOfConfigFile(join(server, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  })!;
  // The S3 SDK's types are half of what the compiler would read, and no query goes through them.
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile;
  host.getSourceFile = (name, language, ...rest) =>
    /\/node_modules\/(@aws-sdk|@smithy)\//.test(name) ? ts.createSourceFile(name, '', language) : read(name, language, ...rest);
  const program = ts.createProgram(files, config.options, host);
  const checker = program.getTypeChecker();
  const edges: Edge[] = [];
  const queries: QuerySite[] = [];
  const declaredIn = (node: ts.Node): string | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.declarations?.[0]?.getSourceFile().fileName;
  };
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const addEdge = (spec: string, typeOnly: boolean) => {
      const target = resolveImport(file, spec);
      if (target) edges.push({ from: relative(src, file), to: relative(src, target), spec, typeOnly });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named?.length && named.every((element) => element.isTypeOnly)));
        addEdge(node.moduleSpecifier.text, typeOnly);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        addEdge(node.moduleSpecifier.text, node.isTypeOnly);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [spec] = node.arguments;
        if (spec && ts.isStringLiteral(spec)) addEdge(spec.text, false);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        addEdge(node.argument.literal.text, true);
      } else if (ts.isPropertyAccessExpression(node) && QUERY_CALLS.has(node.name.text)) {
        if (DATABASE_PACKAGES.test(declaredIn(node.name) ?? '')) queries.push({ file: relative(src, file), line: at(node.name), what: node.name.text });
      } else if (ts.isTaggedTemplateExpression(node) || (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression))) {
        const name = ts.isTaggedTemplateExpression(node) ? node.tag : (node as ts.PropertyAccessExpression).expression;
        const text = ts.isIdentifier(name) ? name.text : '';
        if ((text === 'sql' || text === 'CompiledQuery') && /\/node_modules\/kysely\//.test(declaredIn(name) ?? '')) {
          queries.push({ file: relative(src, file), line: at(node), what: ts.isTaggedTemplateExpression(node) ? 'sql`…`' : node.getText(source) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { files: files.map((file) => relative(src, file)), edges, queries };
}

/** Query sites outside the places allowed to query. */
export function queryViolations(queries: readonly QuerySite[]): string[] {
  return queries
    .filter((site) => !QUERY_PLACES.some(([place]) => place.test(site.file)))
    .map((site) => `${site.file}:${site.line} builds a query (${site.what}) outside a repository`);
}

const layerOf = (path: string): string => (roleOf(path) === 'other' ? path : `${path} (${roleOf(path)})`);

/** Imports against routes → services → repositories. */
export function layerViolations(edges: readonly Edge[]): string[] {
  const out: string[] = [];
  const next = new Map<string, Edge[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge]);
  for (const edge of edges) {
    if (roleOf(edge.from) === 'routes' && roleOf(edge.to) === 'repository') {
      out.push(`${edge.from} imports ${edge.spec}: a routes file calls a service, never a repository`);
    }
  }
  // What a repository or a service reaches, through any files, with the first path found.
  for (const start of new Set(edges.map((edge) => edge.from))) {
    const role = roleOf(start);
    if (role !== 'repository' && role !== 'service') continue;
    const forbidden: Role[] = role === 'repository' ? ['service', 'routes'] : ['routes'];
    const path = new Map<string, Edge[]>([[start, []]]);
    const queue = [start];
    while (queue.length) {
      const at = queue.shift()!;
      for (const edge of next.get(at) ?? []) {
        if (path.has(edge.to)) continue;
        const via = [...path.get(at)!, edge];
        path.set(edge.to, via);
        if (forbidden.includes(roleOf(edge.to))) {
          const chain = via.map((step) => `${step.from} imports ${step.spec}`).join(', ');
          out.push(`${layerOf(start)} reaches ${layerOf(edge.to)}: ${chain}`);
          continue;
        }
        queue.push(edge.to);
      }
    }
  }
  return out;
}

/** Circles in a graph (Tarjan's strongly connected components of more than one node), nodes sorted. */
function circles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return found;
}

export const moduleOf = (path: string): string | null => {
  const parts = path.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? parts[1]! : null;
};

/** Circles between modules and between files, each with the imports that close it. */
export function circleViolations(edges: readonly Edge[]): string[] {
  const out: string[] = [];
  const between = new Map<string, Edge[]>(); // "a→b" → the imports
  for (const edge of edges) {
    const from = moduleOf(edge.from);
    const to = moduleOf(edge.to);
    if (from && to && from !== to) between.set(`${from}→${to}`, [...(between.get(`${from}→${to}`) ?? []), edge]);
  }
  const modules = [...new Set([...between.keys()].flatMap((key) => key.split('→')))];
  const moduleNext = (node: string) => modules.filter((other) => between.has(`${node}→${other}`));
  for (const circle of circles(modules, moduleNext)) {
    const inside = [...between].filter(([key]) => key.split('→').every((node) => circle.includes(node)));
    const imports = inside.flatMap(([, list]) => list.map((edge) => `${edge.from} imports ${edge.spec}${edge.typeOnly ? ' (types)' : ''}`));
    out.push(`modules ${circle.join(' ↔ ')} import each other: ${imports.join('; ')}`);
  }
  const fileNext = (file: string) => edges.filter((edge) => edge.from === file).map((edge) => edge.to);
  for (const circle of circles(new Set(edges.map((edge) => edge.from)), fileNext)) {
    const imports = edges.filter((edge) => circle.includes(edge.from) && circle.includes(edge.to));
    out.push(`files ${circle.join(' ↔ ')} import each other: ${imports.map((edge) => `${edge.from} imports ${edge.spec}${edge.typeOnly ? ' (types)' : ''}`).join('; ')}`);
  }
  return out;
}

describe.skipIf(process.env.ED_TEST_DB === 'postgres')('server layer rules', () => {
  let analysed: ReturnType<typeof analyse> | undefined;
  const read = () => (analysed ??= analyse());

  it('only repositories (and the database set-up) build queries', () => {
    const found = queryViolations(read().queries);
    expect(found, `\n${found.join('\n')}\n`).toEqual([]);
  });

  it('routes → services → repositories', () => {
    const found = layerViolations(read().edges);
    expect(found, `\n${found.join('\n')}\n`).toEqual([]);
  });

  it('no circle of imports between modules or between files', () => {
    const found = circleViolations(read().edges);
    expect(found, `\n${found.join('\n')}\n`).toEqual([]);
  });

  it('reads what it judges (a guard against rules that can never fail)', () => {
    const { files, edges, queries } = read();
    expect(files.length).toBeGreaterThan(150);
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: 'app.ts', to: 'modules/leads/routes.ts', spec: './modules/leads/routes', typeOnly: false });
    expect(edges.some((edge) => edge.typeOnly)).toBe(true);
    // Queries are found where they are allowed: a Kysely builder, a `sql` template, a raw statement.
    expect(queries.filter((site) => site.file === 'modules/workflows/repository.ts').map((site) => site.what)).toContain('insertInto');
    expect(queries.some((site) => site.file === 'modules/health/repository.ts' && site.what === 'sql`…`')).toBe(true);
    expect(queries.some((site) => site.file === 'db/prepared.ts' && site.what === 'executeQuery')).toBe(true);
  });
});

describe('the rules report what they are given', () => {
  const edge = (from: string, spec: string, to: string, typeOnly = false): Edge => ({ from, to, spec, typeOnly });

  it('a query outside a repository, with file and line', () => {
    expect(
      queryViolations([
        { file: 'modules/a/repository.ts', line: 3, what: 'selectFrom' },
        { file: 'modules/a/list.repository.ts', line: 4, what: 'sql`…`' },
        { file: 'db/migrations/2026_01_01_0001_x.ts', line: 5, what: 'schema' },
        { file: 'modules/a/service.ts', line: 9, what: 'selectFrom' },
        { file: 'modules/a/repository-helpers.ts', line: 2, what: 'with' },
      ]),
    ).toEqual([
      'modules/a/service.ts:9 builds a query (selectFrom) outside a repository',
      'modules/a/repository-helpers.ts:2 builds a query (with) outside a repository',
    ]);
  });

  it('routes importing a repository, and a repository reaching a service through a helper', () => {
    expect(
      layerViolations([
        edge('modules/a/routes.ts', './repository', 'modules/a/repository.ts'),
        edge('modules/a/routes.ts', './service', 'modules/a/service.ts'),
        edge('modules/a/service.ts', './repository', 'modules/a/repository.ts'),
        edge('modules/a/repository.ts', './helper', 'modules/a/helper.ts', true),
        edge('modules/a/helper.ts', '../b/service', 'modules/b/service.ts'),
        edge('modules/b/service.ts', '../a/routes', 'modules/a/routes.ts'),
      ]),
    ).toEqual([
      'modules/a/routes.ts imports ./repository: a routes file calls a service, never a repository',
      'modules/a/service.ts (service) reaches modules/a/routes.ts (routes): modules/a/service.ts imports ./repository, modules/a/repository.ts imports ./helper, modules/a/helper.ts imports ../b/service, modules/b/service.ts imports ../a/routes',
      'modules/a/repository.ts (repository) reaches modules/b/service.ts (service): modules/a/repository.ts imports ./helper, modules/a/helper.ts imports ../b/service',
      'modules/b/service.ts (service) reaches modules/a/routes.ts (routes): modules/b/service.ts imports ../a/routes',
    ]);
  });

  it('a circle between modules and one between files, type imports included', () => {
    const found = circleViolations([
      edge('modules/a/service.ts', '../b/repository', 'modules/b/repository.ts'),
      edge('modules/b/repository.ts', '../a/mapper', 'modules/a/mapper.ts', true),
      edge('modules/c/x.ts', './y', 'modules/c/y.ts'),
      edge('modules/c/y.ts', './x', 'modules/c/x.ts', true),
    ]);
    expect(found).toEqual([
      'modules a ↔ b import each other: modules/a/service.ts imports ../b/repository; modules/b/repository.ts imports ../a/mapper (types)',
      'files modules/c/x.ts ↔ modules/c/y.ts import each other: modules/c/x.ts imports ./y; modules/c/y.ts imports ./x (types)',
    ]);
  });
});
