/**
 * Where the reliability bench's trials keep their data (reliability.bench.mjs): a copy of the
 * seeded DATA_DIR per trial (SQLite's file, or on PostgreSQL only the JWT secret) and, on
 * PostgreSQL, a copy of the seeded database made from it as a template; and the check of either
 * after a server stopped (lib/sqliteIntegrity.mjs, lib/postgresBench.mjs), which on both engines
 * also wants no import left unfinished in `lead_imports`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDatabase, checkPostgres, copyDatabase, DEFAULT_PG_URL, dropDatabase, queryRows } from './postgresBench.mjs';
import { root } from './serverProcess.mjs';
import { checkSqlite } from './sqliteIntegrity.mjs';

/**
 * @param {{ postgres: boolean, keep: boolean, env: object }} options  the engine, whether copies
 *   are kept for a closer look, and the server environment every trial gets
 */
export function reliabilityStores({ postgres, keep, env }) {
  function copyDir(from, label) {
    const to = mkdtempSync(join(tmpdir(), `ed-bench-rel-${label}-`));
    cpSync(from, to, { recursive: true });
    return to;
  }
  const removeDir = (dir) => keep || rmSync(dir, { recursive: true, force: true });
  const walBytes = (dataDir) => {
    const file = join(dataDir, 'estatedesk.sqlite-wal');
    return existsSync(file) ? statSync(file).size : 0;
  };
  const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

  /** A bench database on BENCH_PG_URL's server, named `estatedesk_reliability_<label>bench`. */
  function pgTarget(label) {
    const url = new URL(process.env.BENCH_PG_URL || DEFAULT_PG_URL);
    url.pathname = `/estatedesk_reliability_${label ? `${label}_` : ''}bench`;
    return benchDatabase(url.href);
  }

  /**
   * Where one trial's server keeps its data: a copy of the seeded DATA_DIR (SQLite's file; on
   * PostgreSQL only the JWT secret) and, on PostgreSQL, a copy of the seeded database.
   */
  async function copyStore(pristine, label) {
    const dataDir = copyDir(pristine.dataDir, label);
    if (!postgres) return { dataDir, env };
    const target = pgTarget(label);
    await copyDatabase(pristine.target, target);
    return { dataDir, target, env: { ...env, DATABASE_URL: target.url } };
  }

  async function removeStore(store) {
    removeDir(store.dataDir);
    if (store.target && !keep) await dropDatabase(store.target);
  }

  /** Imports left noted as unfinished in the SQLite file (none may be, once a server has stopped). */
  async function unfinishedSqliteImports(dataDir) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(join(dataDir, 'estatedesk.sqlite'), { readonly: true });
    try {
      return db.prepare('SELECT count(*) AS n FROM lead_imports').get().n;
    } finally {
      db.close();
    }
  }

  /** The store's database after its server stopped (lib/sqliteIntegrity.mjs, lib/postgresBench.mjs). */
  async function checkStore(store, options) {
    if (store.target) return checkPostgres(store.target, options);
    const check = await checkSqlite(store.dataDir, options);
    const unfinished = await unfinishedSqliteImports(store.dataDir);
    if (unfinished) return { ...check, ok: false, problems: [...check.problems, `${unfinished} imports left unfinished in lead_imports`] };
    return check;
  }

  /** PostgreSQL, while the server runs: the largest lead id now, and how many leads have a larger one. */
  const newestLeadId = async (store) => Number((await queryRows(store.target, 'SELECT coalesce(max(id), 0) AS id FROM leads'))[0].id);
  const leadsAfter = async (store, id) => Number((await queryRows(store.target, 'SELECT count(*) AS n FROM leads WHERE id > $1', [id]))[0].n);

  /** Seeds `leads` leads into the pristine database every trial copies (PostgreSQL; its DATA_DIR keeps the JWT secret). */
  function seedPostgres(dataDir, target, leads, dist = join(root, 'server/dist')) {
    const start = performance.now();
    const seeded = spawnSync(process.execPath, [join(dist, 'seed-cli.js'), '--leads', String(leads), '--company', 'skyline'], {
      cwd: join(root, 'server'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: target.url },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed (${seeded.status}): ${seeded.stderr}`);
    return (performance.now() - start) / 1000;
  }
  return { copyDir, removeDir, walBytes, mb, pgTarget, copyStore, removeStore, checkStore, newestLeadId, leadsAfter, seedPostgres };
}
