/**
 * Starts the server: reads the environment, builds the app, listens, prints the demo accounts,
 * and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish, the database closes).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildApp } from './app';
import { loadConfig } from './config';
import { presentDemoAccounts } from './db/seed';
import { mailStartLine } from './modules/mail/access';
import { costLimitsFromEnv } from './plugins/cost-limits';

/**
 * How long in-flight requests get after SIGTERM/SIGINT. The longest request the server takes, a
 * 100,000-row import, runs ~4 s alone and up to 14 s on two busy cores; cut by the deadline it is
 * rolled back and its client sees a reset, so the grace is well above it. An orchestrator that
 * kills sooner (docker stop: 10 s by default) should be given as much.
 */
const SHUTDOWN_GRACE_MS = 30_000;
/**
 * Shutdown closes the listening socket once no connection has come for SETTLE_QUIET_MS and
 * SETTLE_TICKS ticks of SETTLE_TICK_MS, on a tick that came on time; or after SETTLE_MAX_TICKS
 * ticks while connections keep coming (the accept queue is then kept short).
 */
const SETTLE_TICK_MS = 10;
const SETTLE_TICKS = 3;
const SETTLE_QUIET_MS = 50;
const SETTLE_MAX_TICKS = 200;

/**
 * Resolves when the listening socket may close without resetting anyone. Why wait: connections
 * the kernel has completed but the process has not accepted yet are reset when the listening
 * socket closes, and one accepted but not yet read counts as idle and is destroyed by
 * server.close(). While a long synchronous stretch holds the event loop (an import writing its
 * rows) they pile up in the accept queue, and the process takes them in over tens of milliseconds
 * once it is free, so requests sent during the stretch were reset. No new connection over a few
 * ticks, the last one on time (not just after such a stretch), means the queue is empty.
 */
function listenerMayClose(lastConnection: () => number, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    let previous = start;
    let seen = lastConnection();
    let quietTicks = 0;
    let ticks = 0;
    const tick = () => {
      const now = performance.now();
      const onTime = now - previous < SETTLE_TICK_MS * 2;
      previous = now;
      ticks++;
      if (lastConnection() !== seen) {
        seen = lastConnection();
        quietTicks = 0;
      } else quietTicks++;
      const quiet = quietTicks >= SETTLE_TICKS && now - seen >= SETTLE_QUIET_MS;
      if ((onTime && (quiet || ticks >= SETTLE_MAX_TICKS)) || now - start > limitMs) resolve();
      else setTimeout(tick, SETTLE_TICK_MS);
    };
    setTimeout(tick, SETTLE_TICK_MS);
  });
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = buildApp({ config, costLimits: costLimitsFromEnv(process.env) });
  await app.listen({ port: config.port, host: config.host });

  const accounts = await presentDemoAccounts(app.db);
  const lines = [
    `EstateDesk is listening on ${config.publicUrl} (database: ${app.dialect})`,
    mailStartLine(config, app.mailer.delivers),
  ];
  if (accounts.length) {
    lines.push('Demo accounts (username = e-mail):');
    for (const a of accounts) lines.push(`  ${a.label.padEnd(40)} ${a.email.padEnd(24)} ${a.password}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  // Shutdown. Once the listener closes, every answer ends with `Connection: close` (those still
  // open then, and those of requests still arriving on open connections): server.close() closes
  // only the keep-alive sockets idle at that moment and waits for all others, so a socket kept
  // alive after its answer held the process until the grace ran out (exit 1, open requests reset).
  let closing = false;
  let draining = false;
  const open = new Set<ServerResponse>();
  let lastConnection = performance.now();
  app.server.on('connection', () => {
    lastConnection = performance.now();
  });
  app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) {
      response.shouldKeepAlive = false;
      return;
    }
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second Ctrl-C: stop now (the database stays whole; an unfinished import is rolled back).
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await listenerMayClose(() => lastConnection, SHUTDOWN_GRACE_MS / 2);
    draining = true;
    for (const response of open) if (!response.headersSent) response.shouldKeepAlive = false;
    // Close right after a poll phase (setImmediate), so what arrived until then has been read.
    await new Promise((resolve) => setImmediate(resolve));
    // A socket whose answer had started before (a streamed export) stays keep-alive after it;
    // close such sockets as they fall idle.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`EstateDesk failed to start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
