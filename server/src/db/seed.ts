/**
 * Demo data (issue 2) for a database without users: two companies, their workflow statuses and
 * roles, about 200 leads and 30 properties each, and the four demo accounts. Deterministic (seeded
 * PRNG, dates relative to the clock) and fast (three password hashes, batched inserts).
 * `generateLeads` / `generateProperties` also build the big benchmark data sets.
 */
import type { Kysely } from 'kysely';
import {
  ACTIVITIES,
  DEFAULT_WORKFLOWS,
  FIRM_TYPES,
  LEAD_PROPERTY_TYPES,
  LEAD_SOURCES,
  PROPERTY_TYPES,
} from '../../../src/contract';
import { DAY } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { createRandom, type Random } from '../lib/prng';
import { type CompanyFields, createCompanyWithDefaults } from '../modules/companies/repository';
import {
  BUILDING_NAMES,
  CERTIFICATES,
  CITIES,
  type City,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  PROPERTY_FEATURES,
  STREETS,
} from './demo-data';
import type { Database, NewLead, NewProperty, NewUser } from './schema';

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

interface CompanyPlan {
  fields: CompanyFields;
  cities: string[];
  seed: number;
}

const json = (list: string[]): string => JSON.stringify(list);

const COMPANIES: Record<'skyline' | 'harbor', CompanyPlan> = {
  skyline: {
    seed: 1001,
    cities: ['Bengaluru', 'Bengaluru', 'Bengaluru', 'Mysuru', 'Chennai', 'Coimbatore', 'Hyderabad', 'Kochi'],
    fields: {
      display_name: 'Skyline Realty',
      icon: null,
      logo: null,
      cover_photo: null,
      primary_color_code: '#f97316',
      secondary_color_code: '#334155',
      tagline: 'Homes that rise above the rest',
      short_description: 'Residential sales and rentals across South India.',
      long_description:
        'Skyline Realty helps families and investors buy, sell and rent apartments, villas and plots in Bengaluru, Mysuru, Chennai and Hyderabad. Our agents handle site visits, loan paperwork and registration end to end.',
      founding_year: 2009,
      office_address: '4th Floor, Prestige Meridian, 29 MG Road',
      city: 'Bengaluru',
      postal_code: '560001',
      state: 'Karnataka',
      country: 'India',
      hours_of_operation: 'Mon-Sat: 9:30AM-6:30PM',
      firm_type: FIRM_TYPES[0],
      operating_states: json(['Karnataka', 'Tamil Nadu', 'Telangana', 'Kerala']),
      operating_cities: json(['Bengaluru', 'Mysuru', 'Chennai', 'Coimbatore', 'Hyderabad', 'Kochi']),
      inventory_type: 'both',
      inventory_categories: json(['Apartment', 'Villa', 'Plot']),
      lead_communication: json(['Email', 'Phone', 'WhatsApp']),
      instagram: 'https://www.instagram.com/skylinerealty.demo',
      facebook: 'https://www.facebook.com/skylinerealty.demo',
      linkedin: 'https://www.linkedin.com/company/skylinerealty-demo',
      website: 'https://skyline-realty.example',
    },
  },
  harbor: {
    seed: 2002,
    cities: ['Mumbai', 'Mumbai', 'Mumbai', 'Navi Mumbai', 'Thane', 'Pune', 'Pune', 'Panaji', 'Ahmedabad'],
    fields: {
      display_name: 'Harbor Homes',
      icon: null,
      logo: null,
      cover_photo: null,
      primary_color_code: '#0ea5e9',
      secondary_color_code: '#1e293b',
      tagline: 'Your harbour in the city',
      short_description: 'Apartments and villas in Mumbai, Pune and Goa.',
      long_description:
        'Harbor Homes is a Mumbai brokerage for resale and new-launch apartments, sea-facing flats and holiday villas in Goa. We represent buyers and builders, with RERA-registered agents in every office.',
      founding_year: 2014,
      office_address: 'Unit 1204, One BKC, Bandra Kurla Complex',
      city: 'Mumbai',
      postal_code: '400051',
      state: 'Maharashtra',
      country: 'India',
      hours_of_operation: 'Mon-Sat: 10AM-7PM',
      firm_type: FIRM_TYPES[7],
      operating_states: json(['Maharashtra', 'Goa', 'Gujarat']),
      operating_cities: json(['Mumbai', 'Navi Mumbai', 'Thane', 'Pune', 'Panaji', 'Ahmedabad']),
      inventory_type: 'own',
      inventory_categories: json(['Apartment', 'Penthouse', 'Villa']),
      lead_communication: json(['Phone', 'WhatsApp']),
      instagram: 'https://www.instagram.com/harborhomes.demo',
      facebook: null,
      linkedin: 'https://www.linkedin.com/company/harborhomes-demo',
      website: 'https://harbor-homes.example',
    },
  },
};

const phone = (r: Random): string => `+91 ${r.int(6, 9)}${r.int(1000, 9999)} ${r.int(10000, 99999)}`;
const pinCode = (r: Random, city: City): string => `${city.pin}${String(r.int(1, 99)).padStart(3, '0')}`;
const cityOf = (name: string): City => CITIES[name] as City;
const BATCH = 500;

/** Leads for one company, `count` of them, spread over its workflow statuses and the last 180 days. */
export async function generateLeads(
  db: Kysely<Database>,
  options: { companyId: number; count: number; now: Date; seed: number; cities?: string[]; createdBy?: number | null },
): Promise<void> {
  const r = createRandom(options.seed);
  const statuses = await db
    .selectFrom('workflow_statuses')
    .select(['id', 'name'])
    .where('company_id', '=', options.companyId)
    .where('name', '<>', DEFAULT_WORKFLOWS[0])
    .orderBy('position')
    .execute();
  const workflowIds = statuses.map((s) => s.id);
  const cities = options.cities ?? Object.keys(CITIES);
  const nowMs = options.now.getTime();
  let batch: NewLead[] = [];
  for (let i = 0; i < options.count; i++) {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const city = cityOf(r.pick(cities));
    const created = new Date(nowMs - r.int(0, 180 * DAY)).toISOString();
    batch.push({
      company_id: options.companyId,
      // Most leads are still open; All Contacts is the catch-all tab, never a lead's own status.
      workflow_id: workflowIds.length ? (r.chance(0.55) ? (workflowIds[0] as number) : r.pick(workflowIds)) : null,
      first_name: first,
      last_name: last,
      email: `${first}.${last}${r.int(1, 999)}@${r.pick(EMAIL_DOMAINS)}`.toLowerCase(),
      phone: phone(r),
      address: `${r.int(1, 250)}, ${r.pick(STREETS)}, ${r.pick(city.localities)}`,
      city: city.name,
      state: city.state,
      postal_code: pinCode(r, city),
      country: 'India',
      lead_source: r.pick(LEAD_SOURCES),
      property_type: r.int(1, LEAD_PROPERTY_TYPES.length),
      activities: r.int(1, ACTIVITIES.length),
      version: 1,
      created_by: options.createdBy ?? null,
      created_at: created,
      updated_at: created,
    });
    if (batch.length === BATCH) {
      await db.insertInto('leads').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length) await db.insertInto('leads').values(batch).execute();
}

const PRICE_RANGE: Record<string, [number, number]> = {
  Apartment: [45, 350],
  Villa: [150, 800],
  Plot: [25, 200],
  House: [60, 400],
};

/** Properties for one company with ₹ prices typical of their city and type. */
export async function generateProperties(
  db: Kysely<Database>,
  options: { companyId: number; count: number; now: Date; seed: number; cities?: string[]; createdBy?: number | null },
): Promise<void> {
  const r = createRandom(options.seed);
  const cities = options.cities ?? Object.keys(CITIES);
  const year = options.now.getUTCFullYear();
  const nowMs = options.now.getTime();
  let batch: NewProperty[] = [];
  for (let i = 0; i < options.count; i++) {
    const type = r.pick(PROPERTY_TYPES);
    const city = cityOf(r.pick(cities));
    const locality = r.pick(city.localities);
    const plot = type === 'Plot';
    const bedrooms = plot ? null : type === 'Apartment' ? r.int(1, 4) : r.int(3, 6);
    const sqft = plot ? r.int(12, 60) * 100 : (bedrooms ?? 2) * r.int(450, 750);
    const [low, high] = PRICE_RANGE[type] as [number, number];
    // Lakhs → rupees, rounded to ₹50,000.
    const price = Math.round((r.int(low, high) * 100_000 + r.int(0, 99) * 1000) / 50_000) * 50_000;
    const created = new Date(nowMs - r.int(0, 365 * DAY)).toISOString();
    const title = plot
      ? `${sqft.toLocaleString('en-IN')} sq ft Plot in ${locality}`
      : `${bedrooms} BHK ${type} in ${locality}`;
    batch.push({
      company_id: options.companyId,
      title,
      description: plot
        ? `Clear-title residential plot in ${locality}, ${city.name}, close to schools and the main road. Ready for registration.`
        : `${r.pick(BUILDING_NAMES)} ${type === 'Apartment' ? 'residency' : 'enclave'}: a well-lit ${bedrooms} BHK ${type.toLowerCase()} in ${locality}, ${city.name}, with ${r.pick(['east', 'north', 'west'])}-facing balconies.`,
      property_type: type,
      location: `${locality}, ${city.name}`,
      address: `${r.int(1, 400)}, ${r.pick(STREETS)}, ${locality}, ${city.name} ${pinCode(r, city)}`,
      price,
      bedrooms,
      bathrooms: bedrooms == null ? null : Math.max(1, bedrooms - r.int(0, 1)),
      square_footage: sqft,
      lot_size: plot || type === 'Villa' ? r.int(12, 50) * 100 : null,
      year_built: plot ? null : r.int(1995, year),
      property_cover_image: null,
      features: r.sample(PROPERTY_FEATURES, plot ? 2 : r.int(3, 7)).join(', '),
      status: r.chance(0.85) ? 'available' : 'unavailable',
      area_units: 'sq ft',
      square_yards: Math.round(sqft / 9),
      registration_number: `${city.stateCode}/RERA/${r.int(2017, year)}/${String(r.int(1, 99999)).padStart(5, '0')}`,
      certificates: r.sample(CERTIFICATES, r.int(1, 3)).join(', '),
      created_by: options.createdBy ?? null,
      created_at: created,
      updated_at: created,
    });
    if (batch.length === BATCH) {
      await db.insertInto('properties').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length) await db.insertInto('properties').values(batch).execute();
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

    const skyline = await createCompanyWithDefaults(trx, COMPANIES.skyline.fields, nowIso);
    const harbor = await createCompanyWithDefaults(trx, COMPANIES.harbor.fields, nowIso);
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
      [COMPANIES.skyline, skyline],
      [COMPANIES.harbor, harbor],
    ] as const) {
      await generateLeads(trx, { companyId: company.companyId, count: leads, now: options.now, seed: plan.seed, cities: plan.cities });
      await generateProperties(trx, {
        companyId: company.companyId,
        count: properties,
        now: options.now,
        seed: plan.seed + 7,
        cities: plan.cities,
      });
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
