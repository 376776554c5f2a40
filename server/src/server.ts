/**
 * Starts the server: reads the environment, builds the app, listens, prints the demo accounts,
 * and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish, the database closes).
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { presentDemoAccounts } from './db/seed';
import { mailStartLine } from './modules/mail/access';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = buildApp({ config });
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

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`EstateDesk failed to start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
