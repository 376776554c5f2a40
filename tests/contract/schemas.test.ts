import { describe, expect, it } from 'vitest';
import {
  Company,
  CompanyCreateFields,
  fieldErrors,
  leadIntegers,
  LeadCreateRequest,
  meetsPasswordRules,
  parseList,
  PropertyFields,
  RegisterRequest,
  Role,
  RoleSaveRequest,
  splitName,
  joinName,
  chosenPermissions,
  permissionResource,
  slugify,
  statusBadgeColour,
  GAUGE,
} from '../../src/contract';

describe('list fields (docs/product/data.md: a list, JSON text or comma text)', () => {
  it('normalises every form to a trimmed list', () => {
    expect(parseList(['a ', ' b', ''])).toEqual(['a', 'b']);
    expect(parseList('["Pune"," Goa"]')).toEqual(['Pune', 'Goa']);
    expect(parseList('Pune, Goa ,')).toEqual(['Pune', 'Goa']);
    expect(parseList('[not json')).toEqual(['[not json']);
    expect(parseList(null)).toEqual([]);
    expect(Company.parse({ id: 1, operating_cities: 'Pune,Goa' }).operating_cities).toEqual(['Pune', 'Goa']);
  });
});

describe('RegisterRequest (docs/product/rules.md)', () => {
  it('gives the product messages per field', () => {
    const r = RegisterRequest.safeParse({
      display_name: ' ',
      first_name: '',
      last_name: '',
      email: 'nope',
      password: 'abc',
      password_confirmation: 'abd',
    });
    expect(r.success).toBe(false);
    const errors = fieldErrors(r.error!);
    expect(errors.display_name).toEqual(['Display name is required']);
    expect(errors.first_name).toEqual(['First name is required']);
    expect(errors.last_name).toEqual(['Last name is required']);
    expect(errors.email).toEqual(['Email is invalid']);
    expect(errors.password).toEqual(['Password does not meet all requirements']);
  });

  it('requires matching confirmation', () => {
    const r = RegisterRequest.safeParse({
      display_name: 'Asha Realty',
      first_name: 'Asha',
      last_name: 'Verma',
      email: 'ASHA@example.com ',
      password: 'Secret@1',
      password_confirmation: 'Secret@2',
    });
    expect(fieldErrors(r.error!).password_confirmation).toEqual(['Passwords do not match']);
  });

  it('accepts a valid payload and normalises the e-mail', () => {
    const r = RegisterRequest.parse({
      display_name: 'Asha Realty',
      first_name: 'Asha',
      last_name: 'Verma',
      email: ' ASHA@example.com',
      password: 'Secret@1',
      password_confirmation: 'Secret@1',
    });
    expect(r.email).toBe('asha@example.com');
  });

  it('checks every password rule', () => {
    expect(meetsPasswordRules('Abc@12')).toBe(true);
    expect(meetsPasswordRules('abc@12')).toBe(false);
    expect(meetsPasswordRules('Abcd12')).toBe(false);
    expect(meetsPasswordRules('Abc@de')).toBe(false);
    expect(meetsPasswordRules('Ab@1')).toBe(false);
  });
});

describe('leads', () => {
  it('parses the add payload with integers from text', () => {
    const lead = LeadCreateRequest.parse({
      first_name: 'Rohan',
      last_name: 'Mehta',
      email: 'rohan@example.in',
      phone: '+91 98200 12345',
      lead_source: 'Walk-in',
      property_type: '3',
      workflow_id: '2',
      activities: 1,
      city: ' ',
    });
    expect(lead).toMatchObject({ property_type: 3, workflow_id: 2, activities: 1, city: null });
  });

  it('rejects out-of-range indexes and unknown sources', () => {
    const r = LeadCreateRequest.safeParse({
      first_name: 'R',
      last_name: 'M',
      email: 'r@e.in',
      phone: '9820012345',
      lead_source: 'Billboard',
      property_type: 10,
      workflow_id: 1,
      activities: 0,
    });
    expect(Object.keys(fieldErrors(r.error!)).sort()).toEqual(['activities', 'lead_source', 'property_type']);
  });

  it('applies the integer defaults of docs/product/rules.md', () => {
    expect(leadIntegers({ property_type: 'x', activities: undefined, workflow_id: '4' })).toEqual({
      property_type: 1,
      activities: 2,
      workflow_id: 4,
    });
  });

  it('splits and joins names on spaces', () => {
    expect(splitName('Asha Rani Verma')).toEqual({ first_name: 'Asha', last_name: 'Rani Verma' });
    expect(splitName('')).toEqual({ first_name: '', last_name: '' });
    expect(joinName('Asha', ' Verma ')).toBe('Asha Verma');
  });
});

describe('roles', () => {
  it('reads chosen permissions set to 1 and rejects other values', () => {
    const ok = RoleSaveRequest.parse({ name: 'Sales', 'lead-create': 1, 'lead-read': '1' });
    expect(chosenPermissions(ok)).toEqual(['lead-create', 'lead-read']);
    expect(RoleSaveRequest.safeParse({ name: 'Sales', 'lead-create': 2 }).success).toBe(false);
    expect(fieldErrors(RoleSaveRequest.safeParse({ name: ' ' }).error!).name).toEqual(['Role name is required']);
  });

  it('accepts permissions as names or objects', () => {
    expect(Role.parse({ _id: 'a', name: 'X', permissions: ['lead-read', { name: 'lead-edit' }] }).permissions).toEqual([
      'lead-read',
      'lead-edit',
    ]);
  });

  it('derives resources and slugs', () => {
    expect(permissionResource('property-create')).toBe('property');
    expect(slugify('  Sales Agent! ')).toBe('sales-agent');
  });
});

describe('properties (docs/product/rules.md)', () => {
  it('refuses negative numbers and years out of range', () => {
    const r = PropertyFields.safeParse({ price: -1, year_built: 1899 });
    expect(Object.keys(fieldErrors(r.error!)).sort()).toEqual(['price', 'year_built']);
    expect(PropertyFields.safeParse({ year_built: new Date().getFullYear() + 1 }).success).toBe(false);
    expect(PropertyFields.parse({ price: '4500000', bedrooms: '' })).toMatchObject({ price: 4500000, bedrooms: null });
  });
});

describe('companies (docs/product/rules.md)', () => {
  it('requires the Add Company fields and checks URLs', () => {
    const r = CompanyCreateFields.safeParse({ website: 'not a url', instagram: 'x' });
    const errors = fieldErrors(r.error!);
    expect(errors.display_name).toBeDefined();
    expect(errors.website).toEqual(['Please enter a valid URL']);
    expect(errors.instagram).toEqual(['Please enter a valid URL']);
    expect(errors.facebook).toBeUndefined();
  });
});

describe('constants', () => {
  it('colours status badges as docs/product/rules.md says', () => {
    expect(statusBadgeColour('Open')).toBe('sky');
    expect(statusBadgeColour('Won')).toBe('green');
    expect(statusBadgeColour('Lost')).toBe('black');
    expect(statusBadgeColour('Negotiating')).toBe('grey');
    expect(statusBadgeColour(null)).toBe('grey');
  });

  it('has the gauge circumference of about 169.6', () => {
    expect(GAUGE.circumference).toBeCloseTo(169.6, 1);
  });
});
