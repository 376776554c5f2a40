/**
 * Before the postgres project: PG_TEST_URL must name a reachable server. On this machine's Debian
 * package the cluster is started when it is down (pg_ctlcluster). Never skips: a missing URL fails.
 */
import { execFileSync } from 'node:child_process';
import pg from 'pg';

async function reachable(url: string): Promise<Error | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error as Error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts a stopped local Debian cluster (pg_lsclusters / pg_ctlcluster), if there is one. */
function startDebianCluster(): boolean {
  try {
    const listing = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
    let started = false;
    for (const line of listing.split('\n')) {
      const [version, cluster, , status] = line.trim().split(/\s+/);
      if (version && cluster && status === 'down') {
        execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, cluster, 'start'], { stdio: 'ignore' });
        started = true;
      }
    }
    return started;
  } catch {
    return false;
  }
}

export default async function setup(): Promise<void> {
  const url = process.env.PG_TEST_URL;
  if (!url) {
    throw new Error(
      'PG_TEST_URL is not set: the postgres test project needs a PostgreSQL server, e.g.\n' +
        '  PG_TEST_URL=postgres://estatedesk:estatedesk@127.0.0.1:5432/estatedesk_test npm run -w server test\n' +
        'The role must be allowed to CREATE DATABASE.',
    );
  }
  let error = await reachable(url);
  if (error && /ECONNREFUSED|ENOENT/.test(String((error as NodeJS.ErrnoException).code ?? error.message)) && startDebianCluster()) {
    for (let i = 0; i < 20 && error; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      error = await reachable(url);
    }
  }
  if (error) throw new Error(`PostgreSQL at PG_TEST_URL is not reachable: ${error.message}`);
}
