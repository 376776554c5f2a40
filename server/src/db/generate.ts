/**
 * Generated leads and properties: the demo's ~200 leads and 30 properties per company, and the
 * big benchmark data sets (seed command). Deterministic for a given seed and clock.
 */
import type { Kysely } from 'kysely';
import { ACTIVITIES, DEFAULT_WORKFLOWS, LEAD_PROPERTY_TYPES, LEAD_SOURCES, PROPERTY_TYPES } from '@contract';
import { DAY } from '../lib/clock';
import { createRandom, type Random } from '../lib/prng';
import { BUILDING_NAMES, CERTIFICATES, CITIES, type City, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, PROPERTY_FEATURES, STREETS } from './demo-data';
import { DEMO_PHOTOS, demoPhotoPaths } from './demo-photos';
import type { Database, NewLead, NewProperty, NewPropertyImage } from './schema';

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


const PHOTO_DRAWING: Record<string, string> = { Plot: 'plot', Villa: 'villa', Apartment: 'apartment', House: 'house' };

/**
 * Gallery rows for the company's properties: a cover drawn for the property's type and one to three
 * more photos, all shared demo photos (demo-photos.ts draws the files once per data folder), so even
 * 100,000 seeded properties add no files. `afterId`: only properties with a greater id (the ones a
 * seed command run has just added), leaving older galleries alone. Rows go in as they are made, a
 * batch at a time, so a big data set never sits in memory whole.
 */
export async function generatePropertyPhotos(
  db: Kysely<Database>,
  options: { companyId: number; seed: number; now: Date; afterId?: number },
): Promise<void> {
  const r = createRandom(options.seed);
  const at = options.now.toISOString();
  let query = db.selectFrom('properties').select(['id', 'property_type']).where('company_id', '=', options.companyId);
  if (options.afterId != null) query = query.where('id', '>', options.afterId);
  const properties = await query.orderBy('id').execute();
  let rows: NewPropertyImage[] = [];
  for (const property of properties) {
    const drawing = PHOTO_DRAWING[property.property_type ?? ''] ?? 'house';
    const cover = `${drawing}-${r.int(1, 2)}`;
    const others = r.sample(
      DEMO_PHOTOS.filter((name) => name !== cover),
      r.int(1, 3),
    );
    for (const [position, name] of [cover, ...others].entries()) {
      const paths = demoPhotoPaths(name);
      rows.push({
        company_id: options.companyId,
        property_id: property.id,
        path: paths.path,
        small_path: paths.small,
        medium_path: paths.medium,
        position,
        is_cover: position === 0 ? 1 : 0,
        created_at: at,
      });
    }
    if (rows.length >= BATCH) {
      await db.insertInto('property_images').values(rows).execute();
      rows = [];
    }
  }
  if (rows.length) await db.insertInto('property_images').values(rows).execute();
}

/**
 * The seed command's big data set: `count` properties with galleries of the shared demo photos
 * (only the new properties get photos; the company's existing ones keep theirs).
 */
export async function generatePropertiesWithPhotos(
  db: Kysely<Database>,
  options: { companyId: number; count: number; now: Date; seed: number },
): Promise<void> {
  const last = await db
    .selectFrom('properties')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  await generateProperties(db, options);
  await generatePropertyPhotos(db, { companyId: options.companyId, seed: options.seed + 1, now: options.now, afterId: Number(last?.id ?? 0) });
}
