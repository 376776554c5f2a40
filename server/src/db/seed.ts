/**
 * Demo data for a database without users: two companies, their workflow statuses and
 * roles, about 200 leads and 30 properties each, two weeks of appointments, and the four demo
 * accounts. Deterministic (seeded PRNG, dates relative to the clock) and fast (three password
 * hashes, batched inserts).
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../lib/passwords';
import { createCompanyWithDefaults } from '../modules/companies/repository';
import { generateDemoAppointments } from './demo-appointments';
import { DEMO_COMPANIES } from './demo-companies';
import { generateLeads, generateProperties, generatePropertyPhotos } from './generate';
import type { Database, NewUser } from './schema';

export { generateLeads, generateProperties } from './generate';

export const DEMO_ACCOUNTS = [
  { email: 'super@estatedesk.test', password: 'Super@123', label: 'super admin' },
  { email: 'admin@skyline.test', password: 'Admin@123', label: 'Skyline Realty company admin' },
  { email: 'agent@skyline.test', password: 'Agent@123', label: 'Skyline Realty agent (Sales Agent role)' },
  { email: 'admin@harbor.test', password: 'Admin@123', label: 'Harbor Homes company admin' },
] as const;

/** argon2id hashes of the demo passwords, by password. */
export type DemoHashes = Record<string, string>;

/** Hashes each distinct demo password once. Tests reuse the result for every app of a file. */
export async function hashDemoPasswords(): Promise<DemoHashes> {
  const passwords = [...new Set(DEMO_ACCOUNTS.map((a) => a.password))];
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  return Object.fromEntries(passwords.map((p, i) => [p, hashes[i] as string]));
}

export interface DemoOptions {
  now: Date;
  hashes?: DemoHashes;
  leadsPerCompany?: number;
  propertiesPerCompany?: number;
}

function person(
  nowIso: string,
  fields: Pick<NewUser, 'email' | 'first_name' | 'last_name' | 'user_type'> & Partial<NewUser>,
): NewUser {
  return {
    company_id: null,
    role_id: null,
    phone: null,
    address: null,
    city: null,
    state: null,
    postal_code: null,
    country: 'India',
    avatar: null,
    status: 'active',
    email_verified_at: nowIso,
    password_hash: null,
    password_changed_at: null,
    created_at: nowIso,
    updated_at: nowIso,
    ...fields,
  };
}

/** Writes the demo data into an empty database, in one transaction. */
export async function seedDemo(db: Kysely<Database>, options: DemoOptions): Promise<void> {
  const hashes = options.hashes ?? (await hashDemoPasswords());
  const hashOf = (password: string): string => {
    const h = hashes[password];
    if (!h) throw new Error('missing demo password hash');
    return h;
  };
  const nowIso = options.now.toISOString();
  const leads = options.leadsPerCompany ?? 200;
  const properties = options.propertiesPerCompany ?? 30;

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(
        person(nowIso, {
          email: 'super@estatedesk.test',
          first_name: 'Vikram',
          last_name: 'Mehta',
          user_type: 'super_admin',
          phone: '+91 98450 11223',
          address: '12, Residency Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          postal_code: '560025',
          password_hash: hashOf('Super@123'),
        }),
      )
      .execute();

    const skyline = await createCompanyWithDefaults(trx, DEMO_COMPANIES.skyline.fields, nowIso);
    const harbor = await createCompanyWithDefaults(trx, DEMO_COMPANIES.harbor.fields, nowIso);
    const skylineRole = (name: string) => skyline.roles.get(name) ?? null;
    const harborRole = (name: string) => harbor.roles.get(name) ?? null;

    const users: NewUser[] = [
      person(nowIso, {
        email: 'admin@skyline.test',
        first_name: 'Ananya',
        last_name: 'Rao',
        user_type: 'admin',
        company_id: skyline.companyId,
        phone: '+91 98860 45120',
        address: '88, 6th Cross, Indiranagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        postal_code: '560038',
        password_hash: hashOf('Admin@123'),
      }),
      person(nowIso, {
        email: 'agent@skyline.test',
        first_name: 'Arjun',
        last_name: 'Sharma',
        user_type: 'agent',
        company_id: skyline.companyId,
        role_id: skylineRole('Sales Agent'),
        phone: '+91 99001 23456',
        address: '14, 2nd Main, HSR Layout',
        city: 'Bengaluru',
        state: 'Karnataka',
        postal_code: '560102',
        password_hash: hashOf('Agent@123'),
      }),
      person(nowIso, {
        email: 'admin@harbor.test',
        first_name: 'Rahul',
        last_name: 'Joshi',
        user_type: 'admin',
        company_id: harbor.companyId,
        phone: '+91 98200 67891',
        address: '301, Sea Breeze, Carter Road, Bandra West',
        city: 'Mumbai',
        state: 'Maharashtra',
        postal_code: '400050',
        password_hash: hashOf('Admin@123'),
      }),
      // Colleagues for the user list; without a password they cannot sign in.
      person(nowIso, { email: 'priya.nair@skyline.test', first_name: 'Priya', last_name: 'Nair', user_type: 'agent', company_id: skyline.companyId, role_id: skylineRole('Sales Agent'), city: 'Bengaluru', state: 'Karnataka' }),
      person(nowIso, { email: 'rohan.kulkarni@skyline.test', first_name: 'Rohan', last_name: 'Kulkarni', user_type: 'agent', company_id: skyline.companyId, role_id: skylineRole('Team Lead'), city: 'Mysuru', state: 'Karnataka' }),
      person(nowIso, { email: 'sneha.reddy@skyline.test', first_name: 'Sneha', last_name: 'Reddy', user_type: 'agent', company_id: skyline.companyId, role_id: skylineRole('Property Manager'), status: 'invited', email_verified_at: null }),
      person(nowIso, { email: 'aditya.deshmukh@harbor.test', first_name: 'Aditya', last_name: 'Deshmukh', user_type: 'agent', company_id: harbor.companyId, role_id: harborRole('Sales Agent'), city: 'Pune', state: 'Maharashtra' }),
      person(nowIso, { email: 'kavya.iyer@harbor.test', first_name: 'Kavya', last_name: 'Iyer', user_type: 'agent', company_id: harbor.companyId, role_id: harborRole('Property Manager'), city: 'Mumbai', state: 'Maharashtra' }),
      person(nowIso, { email: 'farhan.shaikh@harbor.test', first_name: 'Farhan', last_name: 'Shaikh', user_type: 'agent', company_id: harbor.companyId, role_id: harborRole('Sales Agent'), status: 'invited', email_verified_at: null }),
    ];
    await trx.insertInto('users').values(users).execute();

    for (const [plan, company] of [
      [DEMO_COMPANIES.skyline, skyline],
      [DEMO_COMPANIES.harbor, harbor],
    ] as const) {
      await generateLeads(trx, { companyId: company.companyId, count: leads, now: options.now, seed: plan.seed, cities: plan.cities });
      await generateProperties(trx, {
        companyId: company.companyId,
        count: properties,
        now: options.now,
        seed: plan.seed + 7,
        cities: plan.cities,
      });
      await generatePropertyPhotos(trx, { companyId: company.companyId, seed: plan.seed + 11, now: options.now });
      await generateDemoAppointments(trx, { companyId: company.companyId, now: options.now });
    }
  });
}

/** Seeds the demo data when the database has no users at all; returns true when it did. */
export async function seedDemoIfEmpty(db: Kysely<Database>, options: DemoOptions): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  await seedDemo(db, options);
  return true;
}

/** The demo accounts that exist in this database (printed at start). */
export async function presentDemoAccounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((a) => a.email),
    )
    .execute();
  const present = new Set(rows.map((r) => r.email));
  return DEMO_ACCOUNTS.filter((a) => present.has(a.email));
}
