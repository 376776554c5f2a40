/**
 * Seed command: migrates the configured database (DATABASE_URL or DATA_DIR), writes the demo data
 * when it has no users, and optionally adds big data sets for benchmarks.
 *
 *   node dist/seed-cli.js                                  # demo data only
 *   node dist/seed-cli.js --leads 100000 --company skyline # plus 100,000 leads in Skyline Realty
 *   node dist/seed-cli.js --properties 5000 --company 2
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { generateLeads, generateProperties, seedDemoIfEmpty } from './db/seed';
import { syncPermissions } from './modules/roles/repository';

const USAGE = `Usage: seed-cli [--leads N] [--properties N] [--company NAME|ID] [--seed N] [--no-demo]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      leads: { type: 'string' },
      properties: { type: 'string' },
      company: { type: 'string', default: 'skyline' },
      seed: { type: 'string', default: '42' },
      'no-demo': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const count = (text: string | undefined, name: string): number => {
    if (text === undefined) return 0;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0 || n > 10_000_000) throw new Error(`--${name} must be a whole number up to 10,000,000`);
    return n;
  };
  const leads = count(values.leads, 'leads');
  const properties = count(values.properties, 'properties');
  const seed = count(values.seed, 'seed');

  const config = loadConfig(process.env);
  const { db, dialect } = openDatabase(config);
  try {
    await migrateToLatest(db);
    await syncPermissions(db);
    const now = new Date();
    if (!values['no-demo'] && (await seedDemoIfEmpty(db, { now }))) process.stdout.write('Demo data written.\n');
    if (!leads && !properties) return;

    const ref = values.company ?? 'skyline';
    const company = /^\d+$/.test(ref)
      ? await db.selectFrom('companies').select(['id', 'display_name']).where('id', '=', Number(ref)).executeTakeFirst()
      : await db
          .selectFrom('companies')
          .select(['id', 'display_name'])
          .where(sql<string>`lower(display_name)`, 'like', `%${ref.toLowerCase()}%`)
          .orderBy('id')
          .executeTakeFirst();
    if (!company) throw new Error(`No company matches "${ref}"`);

    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      if (leads) await generateLeads(trx, { companyId: company.id, count: leads, now, seed });
      if (properties) await generateProperties(trx, { companyId: company.id, count: properties, now, seed: seed + 1 });
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`Added ${leads} leads and ${properties} properties to ${company.display_name} (${dialect}) in ${seconds} s.\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(1);
});
