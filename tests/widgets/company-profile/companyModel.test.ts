import { describe, expect, it } from 'vitest';
import { CompanyCreateFields, type Company } from '../../../src/contract';
import { validateWith } from '../../../src/ui';
import {
  blankMessages,
  companyLocation,
  companyToForm,
  emptyCompanyForm,
  formInput,
  initialOf,
  isOwnCompany,
  listText,
  picturePath,
  safeHttpUrl,
  splitList,
  updateInput,
} from '../../../src/widgets/company-profile/companyModel';
import { seedCompanies } from './fakeCompaniesServer';

describe('list fields', () => {
  it('show a list, JSON text or comma text as comma text', () => {
    expect(listText(['Pune', 'Mumbai'])).toBe('Pune, Mumbai');
    expect(listText('["Pune","Mumbai"]')).toBe('Pune, Mumbai');
    expect(listText('Pune,Mumbai')).toBe('Pune, Mumbai');
    expect(listText(null)).toBe('');
  });

  it('split on commas, trimmed, empty entries dropped (docs/product/rules.md)', () => {
    expect(splitList(' Pune ,, Mumbai , ')).toEqual(['Pune', 'Mumbai']);
    expect(splitList('')).toEqual([]);
  });
});

describe('form values', () => {
  it('come from a company, lists as text and numbers as text', () => {
    const values = companyToForm(seedCompanies()[0]!);
    expect(values).toMatchObject({ display_name: 'Skyline Realty', founding_year: '2009', operating_cities: 'Bengaluru, Kochi', inventory_categories: 'Apartment, Villa', facebook: '' });
  });

  it('go back as the contract takes them: lists split, the year a number', () => {
    const input = formInput({ ...emptyCompanyForm, founding_year: ' 2018 ', operating_states: 'Goa, Kerala' });
    expect(input).toMatchObject({ founding_year: 2018, operating_states: ['Goa', 'Kerala'], operating_cities: [] });
    expect(formInput({ ...emptyCompanyForm, founding_year: '20x8' }).founding_year).toBe('20x8');
    expect(updateInput({ ...emptyCompanyForm, inventory_type: '' }).inventory_type).toBeNull();
  });

  it('pass the Add Company schema once complete', () => {
    const values = { ...companyToForm({ ...seedCompanies()[0]!, linkedin: null } as Company) };
    const checked = validateWith(CompanyCreateFields, formInput(values));
    expect(checked.ok).toBe(true);
  });

  it('say a blank year or website is required rather than malformed', () => {
    expect(blankMessages({ ...emptyCompanyForm }, 'create')).toEqual({ founding_year: 'Founding year is required', website: 'Website is required' });
    expect(blankMessages({ ...emptyCompanyForm, founding_year: '2001' }, 'update')).toEqual({});
  });
});

describe('links', () => {
  it.each([
    ['https://skyline.example', 'https://skyline.example'],
    ['  http://a.example/x?y=1 ', 'http://a.example/x?y=1'],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//evil.example', null],
    ['https://', null],
    ['ftp://files.example', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(safeHttpUrl(value)).toBe(expected);
  });
});

describe('small helpers', () => {
  it('initial, location, own company and pictures', () => {
    expect(initialOf(' skyline')).toBe('S');
    expect(initialOf('')).toBe('?');
    expect(companyLocation({ city: 'Pune', postal_code: null, country: 'India' })).toBe('Pune, India');
    expect(isOwnCompany({ id: '1' }, 1)).toBe(true);
    expect(isOwnCompany({ id: 2 }, 1)).toBe(false);
    expect(isOwnCompany({ id: 2 }, null)).toBe(false);
    const skyline = seedCompanies()[0]!;
    expect(picturePath(skyline, 'logo', 'small')).toBe('companies/1/logo-320.webp');
    expect(picturePath(skyline, 'icon', 'small')).toBe('companies/1/icon.png');
    expect(picturePath(seedCompanies()[1]!, 'cover_photo', 'medium')).toBeNull();
  });
});
