/**
 * Hostile input: every text a lead, a profile or a registration stores has a cap in the contract,
 * and a value over it is refused (422) saying it is too long — never that the field is required.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TEXT_MAX, tooLong } from '../../src/contract';
import { companyIdOf, insertTestLead, statusIds } from './helpers/leads';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
let openStatus: number;
let leadId: number;

beforeAll(async () => {
  const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  openStatus = (await statusIds(ctx.app.db, skyline)).Open!;
  leadId = await insertTestLead(ctx.app.db, skyline);
});

/** A field, the label its message uses, its cap, and a well-formed value of a given length. */
type Cap = [field: string, label: string, max: number, valueOf?: (length: number) => string];
const text = (length: number) => 'a'.repeat(length);
const email = (length: number) => `${'a'.repeat(length - '@example.test'.length)}@example.test`;
const phone = (length: number) => `+${'9'.repeat(length - 1)}`;
const digits = (length: number) => '1'.repeat(length);

const PLACES: Cap[] = [
  ['city', 'City', TEXT_MAX.place],
  ['state', 'State', TEXT_MAX.place],
  ['country', 'Country', TEXT_MAX.place],
];
const LEAD_CAPS: Cap[] = [
  ['first_name', 'First name', TEXT_MAX.name],
  ['last_name', 'Last name', TEXT_MAX.name],
  ['name', 'Name', TEXT_MAX.fullName],
  ['email', 'Email', TEXT_MAX.email, email],
  ['phone', 'Phone', TEXT_MAX.phone, phone],
  ['address', 'Address', TEXT_MAX.address],
  ['postal_code', 'Postal code', TEXT_MAX.postalCode, digits],
  ...PLACES,
];
const PROFILE_CAPS: Cap[] = [
  ['first_name', 'First name', TEXT_MAX.name],
  ['last_name', 'Last name', TEXT_MAX.name],
  ['email', 'Email', TEXT_MAX.email, email],
  ['phone', 'Phone', TEXT_MAX.phone, phone],
  ['street', 'Address', TEXT_MAX.address],
  ['zip_code', 'Postal code', TEXT_MAX.postalCode, digits],
  ['user_type', 'User type', TEXT_MAX.name],
  ...PLACES,
];
const REGISTER_CAPS: Cap[] = [
  ['display_name', 'Display name', TEXT_MAX.displayName],
  ['first_name', 'First name', TEXT_MAX.name],
  ['last_name', 'Last name', TEXT_MAX.name],
  ['email', 'Email', TEXT_MAX.email, email],
];

const leadBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Meera',
  last_name: 'Pillai',
  name: 'Meera Pillai',
  email: `meera.${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: '+91 98765 43210',
  address: '4, Lake View Road',
  city: 'Kochi',
  state: 'Kerala',
  postal_code: '682001',
  country: 'India',
  lead_source: 'Referral',
  property_type: 3,
  workflow_id: openStatus,
  activities: 2,
  ...overrides,
});
const profileBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Farhan',
  last_name: 'Qureshi',
  email: 'admin@harbor.test',
  phone: '+91 98860 00001',
  street: '7, Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  zip_code: '400020',
  country: 'India',
  user_type: 'admin',
  ...overrides,
});
const registerBody = (overrides: Record<string, unknown> = {}) => ({
  display_name: 'Long Names Realty',
  first_name: 'Lata',
  last_name: 'Nair',
  email: `lata.${Math.random().toString(36).slice(2, 8)}@longnames.test`,
  password: 'Secret@123',
  password_confirmation: 'Secret@123',
  ...overrides,
});

const storeLead = (payload: object) => ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/store', payload });
const updateLead = (payload: object) => ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${leadId}`, payload });
const updateProfile = (payload: object) =>
  ctx.inject('harborAdmin', { method: 'PUT', url: `/api/v1/users/${ctx.ids.harborAdmin}`, payload });
const register = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/v1/register', payload });

/** The one message a refused field gets. */
function expectTooLong(res: { statusCode: number; json(): unknown }, field: string, label: string, max: number) {
  expect(res.statusCode, `${field}: ${JSON.stringify(res.json())}`).toBe(422);
  const errors = (res.json() as { errors: Record<string, string[]> }).errors;
  expect(errors[field], field).toEqual([tooLong(label, max)]);
}

describe('the "too long" message', () => {
  it('names the field and its cap', () => {
    expect(tooLong('City', 100)).toBe('City is too long (at most 100 characters).');
  });
});

describe('POST /api/v1/leads/store', () => {
  it.each(LEAD_CAPS)('refuses a %s over its cap', async (field, label, max, valueOf = text) => {
    expectTooLong(await storeLead(leadBody({ [field]: valueOf(max + 1) })), field, label, max);
  });

  it('takes every field at exactly its cap', async () => {
    const body = leadBody(Object.fromEntries(LEAD_CAPS.map(([field, , max, valueOf = text]) => [field, valueOf(max)])));
    const res = await storeLead(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ city: body.city, address: body.address, postal_code: body.postal_code });
  });

  it('refuses a 200,000-character city and stores nothing', async () => {
    const before = await ctx.app.db.selectFrom('leads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expectTooLong(await storeLead(leadBody({ city: text(200_000) })), 'city', 'City', TEXT_MAX.place);
    const after = await ctx.app.db.selectFrom('leads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('says a 101-character first name is too long, not that it is required', async () => {
    const res = await storeLead(leadBody({ first_name: text(101) }));
    expect(res.json().errors.first_name).not.toContain(MESSAGES.validation.firstNameRequired);
    expectTooLong(res, 'first_name', 'First name', 100);
  });
});

describe('PUT /api/v1/leads/{id}', () => {
  it.each(LEAD_CAPS)('refuses a %s over its cap', async (field, label, max, valueOf = text) => {
    expectTooLong(await updateLead({ [field]: valueOf(max + 1) }), field, label, max);
  });

  it('refuses a 100,000-character address and keeps the lead as it was', async () => {
    const before = await ctx.app.db.selectFrom('leads').select(['address', 'version']).where('id', '=', leadId).executeTakeFirstOrThrow();
    expectTooLong(await updateLead({ address: text(100_000) }), 'address', 'Address', TEXT_MAX.address);
    const after = await ctx.app.db.selectFrom('leads').select(['address', 'version']).where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('takes every field at exactly its cap', async () => {
    const res = await updateLead(Object.fromEntries(LEAD_CAPS.map(([field, , max, valueOf = text]) => [field, valueOf(max)])));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('PUT /api/v1/users/{id} (profile)', () => {
  it.each(PROFILE_CAPS)('refuses a %s over its cap', async (field, label, max, valueOf = text) => {
    expectTooLong(await updateProfile(profileBody({ [field]: valueOf(max + 1) })), field, label, max);
  });

  it('takes every field but the e-mail at exactly its cap', async () => {
    const atCap = PROFILE_CAPS.filter(([field]) => field !== 'email' && field !== 'user_type');
    const res = await updateProfile(profileBody(Object.fromEntries(atCap.map(([field, , max, valueOf = text]) => [field, valueOf(max)]))));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.city).toBe(text(TEXT_MAX.place));
  });

  it('says a 101-character first name is too long, not that it is required', async () => {
    const res = await updateProfile(profileBody({ first_name: text(101) }));
    expect(res.json().errors.first_name).not.toContain(MESSAGES.validation.firstNameRequired);
  });
});

describe('POST /api/v1/register', () => {
  it.each(REGISTER_CAPS)('refuses a %s over its cap', async (field, label, max, valueOf = text) => {
    expectTooLong(await register(registerBody({ [field]: valueOf(max + 1) })), field, label, max);
  });

  it('says a too-long password is too long, not that it is required', async () => {
    const password = `Aa1@${text(TEXT_MAX.password)}`;
    const res = await register(registerBody({ password, password_confirmation: password }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([tooLong('Password', TEXT_MAX.password)]);
  });
});

describe('POST /api/v1/auth', () => {
  it('says an over-long username or password is too long, not that it is required', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: email(TEXT_MAX.email + 1), password: text(TEXT_MAX.password + 1) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: [tooLong('Username', TEXT_MAX.email)],
      password: [tooLong('Password', TEXT_MAX.password)],
    });
  });
});
