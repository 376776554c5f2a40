/**
 * Where the state lives that every process must agree on (shared-state/): in this process's
 * memory on SQLite (one process), in PostgreSQL's tables and NOTIFY messages when the database
 * is PostgreSQL, which any number of processes may share. Expired entries are swept every minute.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Bus, localBus, postgresBus } from '../shared-state/bus';
import { MemoryStore } from '../shared-state/memory';
import { PostgresStore } from '../shared-state/postgres.repository';
import type { SharedStore } from '../shared-state/store';

declare module 'fastify' {
  interface FastifyInstance {
    shared: { store: SharedStore; bus: Bus };
  }
}

const SWEEP_MS = 60_000;

async function sharedStatePlugin(app: FastifyInstance): Promise<void> {
  const pool = app.pgPool;
  const store = pool ? new PostgresStore(app.db) : new MemoryStore();
  const bus = pool ? await postgresBus(pool, app.log) : localBus();
  app.decorate('shared', { store, bus });

  const sweep = setInterval(() => {
    store.sweep(app.clock().getTime()).catch((error: unknown) => app.log.warn({ err: error }, 'sweeping expired shared state failed'));
  }, SWEEP_MS);
  sweep.unref();
  // preClose: before the database plugin's onClose ends the pool.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    await bus.close();
  });
}

export default fp(sharedStatePlugin, { name: 'shared-state', dependencies: ['db'] });
