/**
 * Where the state lives that every process must agree on (shared-state/): in this process's
 * memory on SQLite (one process), in PostgreSQL's tables when the database is PostgreSQL, which
 * any number of processes may share. Expired entries are swept every minute.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MemoryStore } from '../shared-state/memory';
import { PostgresStore } from '../shared-state/postgres.repository';
import type { SharedStore } from '../shared-state/store';

declare module 'fastify' {
  interface FastifyInstance {
    shared: { store: SharedStore };
  }
}

const SWEEP_MS = 60_000;

async function sharedStatePlugin(app: FastifyInstance): Promise<void> {
  const store = app.dialect === 'postgres' ? new PostgresStore(app.db) : new MemoryStore();
  app.decorate('shared', { store });

  const sweep = setInterval(() => {
    store.sweep(app.clock().getTime()).catch((error: unknown) => app.log.warn({ err: error }, 'sweeping expired shared state failed'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

export default fp(sharedStatePlugin, { name: 'shared-state', dependencies: ['db'] });
