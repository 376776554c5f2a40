/**
 * Seed command: migrates the configured database (DATABASE_URL or DATA_DIR), writes the demo data
 * when it has no users, and optionally adds big data sets for benchmarks.
 *
 *   node dist/seed-cli.js                                  # demo data only
 *   node dist/seed-cli.js --leads 100000 --company skyline # plus 100,000 leads in Skyline Realty
 *   node dist/seed-cli.js --properties 100000 --company skyline # plus 100,000 properties, each
 *                                                         # with 2-4 of the shared demo photos
 *   SUPER_ADMIN_PASSWORD='…' DEMO_DATA=off node dist/seed-cli.js --super-admin you@agency.example
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { closeHandle, openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { generatePropertiesWithPhotos } from './db/generate';
import { generateLeads, seedDemoIfEmpty } from './db/seed';
import { NewPassword } from '@contract';
import { hashPassword } from './lib/passwords';
import { findCompanyByRef } from './modules/companies/repository';
import { syncPermissions } from './modules/roles/repository';
import { emailTaken, insertUser } from './modules/users/repository';

const USAGE = `Usage: seed-cli [--leads N] [--properties N] [--company NAME|ID] [--seed N] [--no-demo]
       seed-cli --super-admin EMAIL   (password from SUPER_ADMIN_PASSWORD)`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      leads: { type: 'string' },
      properties: { type: 'string' },
      company: { type: 'string', default: 'skyline' },
      seed: { type: 'string', default: '42' },
      'no-demo': { type: 'boolean', default: false },
      'super-admin': { type: 'string' },
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
  const handle = openDatabase(config);
  const { db, dialect } = handle;
  try {
    await migrateToLatest(db);
    await syncPermissions(db);
    const now = new Date();
    if (values['super-admin']) {
      await createSuperAdmin(db, values['super-admin'], now);
      return;
    }
    if (config.demoData && !values['no-demo'] && (await seedDemoIfEmpty(db, { now }))) process.stdout.write('Demo data written.\n');
    if (!leads && !properties) return;

    const ref = values.company ?? 'skyline';
    const company = await findCompanyByRef(db, ref);
    if (!company) throw new Error(`No company matches "${ref}"`);

    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      if (leads) await generateLeads(trx, { companyId: company.id, count: leads, now, seed });
      if (properties) await generatePropertiesWithPhotos(trx, { companyId: company.id, count: properties, now, seed: seed + 1 });
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`Added ${leads} leads and ${properties} properties to ${company.display_name} (${dialect}) in ${seconds} s.\n`);
  } finally {
    await closeHandle(handle);
  }
}

/** A first super admin for a deployment started with DEMO_DATA=off. */
async function createSuperAdmin(db: Parameters<typeof emailTaken>[0], email: string, now: Date): Promise<void> {
  const password = process.env.SUPER_ADMIN_PASSWORD ?? '';
  if (!NewPassword.safeParse(password).success) {
    throw new Error('Set SUPER_ADMIN_PASSWORD to a password with a capital letter, a number, a special character and 6+ characters');
  }
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw new Error(`"${email}" is not an e-mail address`);
  if (await emailTaken(db, address)) throw new Error(`${address} already exists`);
  const stamp = now.toISOString();
  await insertUser(db, {
    company_id: null,
    role_id: null,
    user_type: 'super_admin',
    first_name: 'Super',
    last_name: 'Admin',
    email: address,
    status: 'active',
    email_verified_at: stamp,
    password_hash: await hashPassword(password),
    password_changed_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  });
  process.stdout.write(`Super admin ${address} created.\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(1);
});
