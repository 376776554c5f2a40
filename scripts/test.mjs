#!/usr/bin/env node
/**
 * The one test command (`npm test`): brings what the tests need, then runs every suite — type
 * checks and lint, client unit/component tests, server tests on SQLite and PostgreSQL, the build,
 * the cluster test, and end-to-end tests in Chromium — and ends with one "Tests: N passed, N
 * failed" line.
 *
 * Chromium, PostgreSQL and haproxy come from Debian's packages. Where they are missing and this process may
 * install them (root with apt-get), it does; otherwise it stops and says what to install.
 * Set PG_TEST_URL to use a PostgreSQL server of your own instead.
 */
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const log = (msg) => console.log(`\n\x1b[1m▶ ${msg}\x1b[0m`);

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } });
  return res.status === 0;
}

let aptUpdated = false;
function aptInstall(packages, why) {
  if (!isRoot || !has('apt-get')) {
    fail(`${why} is missing. Install it first, e.g.:\n    sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
  }
  log(`Installing ${packages.join(', ')} from Debian's packages (${why})`);
  if (!aptUpdated) {
    if (!run('apt-get', ['update', '-q'])) fail('apt-get update failed');
    aptUpdated = true;
  }
  if (!run('apt-get', ['install', '-y', '-q', ...packages], { env: { DEBIAN_FRONTEND: 'noninteractive' } })) {
    fail(`apt-get install ${packages.join(' ')} failed`);
  }
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) aptInstall(['chromium'], 'Chromium (for end-to-end tests)');
  process.env.CHROMIUM_PATH = path;
}

/** A local PostgreSQL cluster from Debian's package, started and given a test role and database. */
function ensurePostgres() {
  if (process.env.PG_TEST_URL) return;
  if (!has('pg_ctlcluster')) aptInstall(['postgresql'], 'PostgreSQL (for server tests)');
  if (!isRoot) fail('Starting the local PostgreSQL cluster needs root; or set PG_TEST_URL to a server of your own.');
  const versions = readdirSync('/etc/postgresql');
  if (versions.length === 0) fail('No PostgreSQL cluster found under /etc/postgresql');
  const version = versions.sort().at(-1);
  const status = spawnSync('pg_ctlcluster', [version, 'main', 'status'], { stdio: 'ignore' }).status;
  if (status !== 0) {
    log(`Starting PostgreSQL ${version}`);
    if (!run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'])) fail('PostgreSQL did not start');
  }
  const psql = (sql) =>
    execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-tAc', sql], { encoding: 'utf8', cwd: '/' }).trim();
  if (psql("SELECT 1 FROM pg_roles WHERE rolname = 'estatedesk'") !== '1') {
    psql("CREATE ROLE estatedesk LOGIN SUPERUSER PASSWORD 'estatedesk'");
  }
  if (psql("SELECT 1 FROM pg_database WHERE datname = 'estatedesk_test'") !== '1') {
    psql('CREATE DATABASE estatedesk_test OWNER estatedesk');
  }
  process.env.PG_TEST_URL = 'postgres://estatedesk:estatedesk@127.0.0.1:5432/estatedesk_test';
}

/** haproxy from Debian's package, for the cluster test (two server processes behind it). */
function ensureHaproxy() {
  if (!has('haproxy')) aptInstall(['haproxy'], 'haproxy (for the cluster test)');
}

/** Counts from vitest's JSON reports, so the closing line sums every suite. */
function tally() {
  let passed = 0;
  let failed = 0;
  for (const file of readdirSync(reports)) {
    const report = JSON.parse(readFileSync(join(reports, file), 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numTotalTestSuites > 0 && report.success === false && !report.numFailedTests ? 1 : 0);
  }
  return { passed, failed };
}

const vitest = (name, args) => [
  'vitest',
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, `${name}.json`)}`,
];

ensureChromium();
ensurePostgres();
ensureHaproxy();

/**
 * The steps, in groups run one after another. The steps of a group run side by side: the first
 * passes its output through as it comes, the others keep theirs and print it when they end. A
 * whole run keeps the two cores about half busy when one step runs at a time, but a test suite
 * beside anything else only slows down: only the type checks and the lint go together.
 */
const groups = [
  [
    ['Type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['Type check (server)', 'npx', ['tsc', '-p', 'server/tsconfig.json', '--noEmit']],
    ['Lint', 'npx', ['oxlint', '--deny-warnings', 'src', 'server/src', 'server/test', 'tests', 'scripts', 'bench']],
  ],
  [['Client unit and component tests (happy-dom)', 'npx', vitest('client', ['--project', 'client', '--project', 'client-isolated'])]],
  [['Server tests (SQLite and PostgreSQL)', 'npx', vitest('server', ['--root', 'server'])]],
  // Not beside the server tests: they are busier than they look (371 s with the build beside, 306 + 35 s apart).
  [['Build (library, script-tag runtime, full admin page, server)', 'npm', ['run', 'build']]],
  [['Cluster test (two server processes behind haproxy, PostgreSQL, a local bucket)', 'npx', vitest('cluster', ['--config', 'tests/cluster/vitest.config.ts'])]],
  [['End-to-end tests (Chromium)', 'npx', vitest('e2e', ['--config', 'tests/e2e/vitest.config.ts'])]],
];

/** Lines of a failed step's output repeated at the end, where a reader of a long log looks first. */
const FAILURE_TAIL_LINES = 60;

/**
 * Runs one step and keeps the output's last lines: a step can fail with every test passed (an
 * unhandled error, a crashed worker), and the summary must then say why. `live`: its output is
 * passed through as it comes; otherwise it is printed whole when the step ends.
 */
function runStep(title, cmd, args, live) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    let kept = '';
    const held = [];
    const keep = (chunk, sink) => {
      if (live) sink.write(chunk);
      else held.push(chunk);
      kept = (kept + chunk.toString()).slice(-200_000);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    const done = (ok, ending) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!live) {
        log(`${title} (ran beside the step above)`);
        process.stdout.write(Buffer.concat(held));
      }
      console.log(`\n${ok ? '✔' : '✖'} ${title}: ${seconds} s`);
      const lines = stripVTControlCharacters(kept).trimEnd().split('\n');
      resolve({ title, ok, tail: [...lines.slice(-FAILURE_TAIL_LINES), `(${ending})`].join('\n') });
    };
    child.on('error', (error) => done(false, String(error)));
    child.on('close', (code, signal) => done(code === 0, signal ? `ended by ${signal}` : `exit code ${code}`));
  });
}

const failedSteps = [];
for (const group of groups) {
  log(group.map(([title]) => title).join(' | '));
  const results = await Promise.all(group.map(([title, cmd, args], i) => runStep(title, cmd, args, i === 0)));
  for (const { title, ok, tail } of results) if (!ok) failedSteps.push({ title, tail });
}

const { passed, failed } = tally();
console.log('');
for (const { title, tail } of failedSteps) console.log(`\n── ${title} failed; the end of its output ──\n${tail}\n`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.map((step) => step.title).join('; ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length || failed ? 1 : 0);
