/**
 * The database: opens it (or takes the one a test injects), runs the migrations, syncs the
 * permission names and, on a database without users, writes the demo data.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeHandle, type DbHandle, openDatabase } from '../db/connect';
import { dialectOf, isUniqueViolation } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { type DemoHashes, seedDemoIfEmpty } from '../db/seed';
import { syncPermissions } from '../modules/roles/repository';

export interface DbPluginOptions {
  /** An open database (tests, benchmark); closed with the app unless `keepOpen`. */
  handle?: DbHandle;
  keepOpen?: boolean;
  migrate?: boolean;
  /** Seed the demo data into an empty database (default true). */
  demo?: boolean | { hashes?: DemoHashes };
}

async function dbPlugin(app: FastifyInstance, options: DbPluginOptions): Promise<void> {
  const handle = options.handle ?? openDatabase(app.config);
  app.decorate('db', handle.db);
  app.decorate('readDb', handle.reader ?? handle.db);
  app.decorate('dialect', dialectOf(handle.db));
  // An idle pooled connection the server ends (a restart, pg_terminate_backend) is reported on the
  // pool; unheard, that report would end the process. The pool replaces the connection by itself.
  if (handle.pool && handle.pool.listenerCount('error') === 0) {
    handle.pool.on('error', (error) => app.log.warn({ err: error }, 'an idle PostgreSQL connection was closed by the server'));
  }
  app.addHook('onClose', async () => {
    if (!options.keepOpen) await closeHandle(handle);
  });

  if (options.migrate !== false) await migrateToLatest(handle.db);
  await syncPermissions(handle.db);

  if (options.demo !== false) {
    const hashes = typeof options.demo === 'object' ? options.demo.hashes : undefined;
    try {
      const seeded = await seedDemoIfEmpty(handle.db, { now: app.clock(), hashes });
      if (seeded) app.log.info('empty database: demo data written');
    } catch (error) {
      // Another process seeded at the same moment; its data is as good as ours.
      if (!isUniqueViolation(error)) throw error;
    }
  }
}

export default fp(dbPlugin, { name: 'db' });
