import { describe, expect, it } from 'vitest';
import {
  CompanyCreateFields,
  CompanyUpdateRequest,
  cappedList,
  fieldErrors,
  forbiddenCharacters,
  LeadCreateRequest,
  LeadUpdateRequest,
  ProfileUpdateRequest,
  PropertyFields,
  RegisterRequest,
  RoleSaveRequest,
} from '../../src/contract';
import { hasForbiddenCharacters, printable, withoutInvisible } from '../../src/contract/plainText';

const RLO = '\u202E';
const ESC = '\u001B';
const NUL = '\u0000';
const BEL = '\u0007';
const C1 = '\u009B'; // CSI, the one-byte form of ESC [
const ISOLATE = '\u2066';
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];

describe('plainText rules', () => {
  it('finds every control and direction character in a single-line text', () => {
    for (const bad of [NUL, BEL, ESC, '\t', '\n', '\r', '\u007F', C1, '\u202A', '\u202B', '\u202C', '\u202D', RLO, ISOLATE, '\u2067', '\u2068', '\u2069']) {
      expect(hasForbiddenCharacters(`Asha${bad}Verma`), JSON.stringify(bad)).toBe(true);
    }
    expect(hasForbiddenCharacters('आशा वर्मा')).toBe(false);
    expect(hasForbiddenCharacters('محمد')).toBe(false);
  });

  it('lets a free text keep tab and line feed only', () => {
    expect(hasForbiddenCharacters('Two\nlines\tand a tab', 'multi')).toBe(false);
    expect(hasForbiddenCharacters(`Bell${BEL}`, 'multi')).toBe(true);
    expect(hasForbiddenCharacters(`${RLO}txt`, 'multi')).toBe(true);
  });

  it('drops zero-width characters and turns CR LF into LF in free texts', () => {
    expect(withoutInvisible(`Ra${ZERO_WIDTH.join('')}hul`)).toBe('Rahul');
    expect(withoutInvisible('a\r\nb\rc', 'multi')).toBe('a\nb\nc');
    expect(withoutInvisible('a\r\nb')).toBe('a\r\nb');
  });

  it('makes any stored text printable', () => {
    expect(printable(`${ESC}[31mred${BEL}`)).toBe('\uFFFD[31mred\uFFFD');
    expect(printable(`gpj${RLO}.exe\u200B`)).toBe('gpj\uFFFD.exe');
    expect(printable('line\r\nnext\tcell')).toBe('line\nnext\tcell');
    expect(printable('Plain text')).toBe('Plain text');
  });
});

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) => (result.success ? {} : fieldErrors(result.error!));

const lead = {
  first_name: 'Meera',
  last_name: 'Pillai',
  email: 'meera@example.com',
  phone: '+91 98765 43210',
  lead_source: 'Referral',
  property_type: 3,
  workflow_id: 2,
  activities: 2,
};

describe('the schemas apply the rules', () => {
  it('refuse a control or direction character in a name, naming the field', () => {
    for (const bad of [RLO, ESC, NUL, C1, ISOLATE, '\n']) {
      const errors = errorsOf(LeadCreateRequest.safeParse({ ...lead, first_name: `Mee${bad}ra`, city: `Ko${bad}chi` }));
      expect(errors.first_name).toEqual([forbiddenCharacters('First name')]);
      expect(errors.city).toEqual([forbiddenCharacters('City')]);
    }
    expect(forbiddenCharacters('First name')).toBe('First name may not contain control or direction-override characters.');
  });

  it('strip zero-width characters silently, so a name of only those is missing', () => {
    const parsed = LeadCreateRequest.parse({ ...lead, first_name: '\u200BMee\u200Dra\uFEFF', state: '\u2060' });
    expect(parsed.first_name).toBe('Meera');
    expect(parsed.state).toBeNull();
    expect(errorsOf(LeadCreateRequest.safeParse({ ...lead, last_name: '\u200B\u200B' })).last_name).toEqual(['Last name is required']);
  });

  it('cover the edit payloads, profiles, registration, roles, companies and properties', () => {
    expect(errorsOf(LeadUpdateRequest.safeParse({ last_name: `Pil${RLO}lai` })).last_name).toEqual([forbiddenCharacters('Last name')]);
    expect(LeadUpdateRequest.parse({ first_name: 'Me\u200Bera' }).first_name).toBe('Meera');
    expect(errorsOf(ProfileUpdateRequest.safeParse({ first_name: `A${ESC}`, last_name: 'B', email: 'a@b.co' })).first_name).toEqual([
      forbiddenCharacters('First name'),
    ]);
    const register = { display_name: `Realty${RLO}`, first_name: 'A', last_name: 'B', email: 'a@b.co', password: 'Secret@1', password_confirmation: 'Secret@1' };
    expect(errorsOf(RegisterRequest.safeParse(register)).display_name).toEqual([forbiddenCharacters('Display name')]);
    expect(errorsOf(RoleSaveRequest.safeParse({ name: `Agent${BEL}` })).name).toEqual([forbiddenCharacters('Role name')]);
    expect(errorsOf(PropertyFields.safeParse({ title: `Villa${RLO}` })).title).toEqual([forbiddenCharacters('Title')]);
    expect(errorsOf(CompanyUpdateRequest.safeParse({ tagline: `Homes${ISOLATE}` })).tagline).toEqual([forbiddenCharacters('Tagline')]);
    expect(errorsOf(CompanyCreateFields.safeParse({ display_name: `X${C1}` })).display_name).toEqual([forbiddenCharacters('Display name')]);
  });

  it('let descriptions and addresses keep line breaks and tabs, but no other control', () => {
    const parsed = PropertyFields.parse({ description: 'Sunny flat\r\n\tnear the lake\u200B', address: '12, MG Road\nBengaluru' });
    expect(parsed.description).toBe('Sunny flat\n\tnear the lake');
    expect(parsed.address).toBe('12, MG Road\nBengaluru');
    expect(errorsOf(PropertyFields.safeParse({ description: `Sunny${ESC}[2J` })).description).toEqual([forbiddenCharacters('Description')]);
    expect(errorsOf(PropertyFields.safeParse({ features: `Pool${RLO}` })).features).toEqual([forbiddenCharacters('Features')]);
  });

  it('clean and check every entry of a list field', () => {
    const list = cappedList('Operating cities');
    expect(list.parse('Pune,\u200BGoa,\u200B')).toEqual(['Pune', 'Goa']);
    expect(errorsOf(CompanyUpdateRequest.safeParse({ operating_cities: ['Pune', `Goa${RLO}`] })).operating_cities).toEqual([
      forbiddenCharacters('Operating cities'),
    ]);
  });
});
