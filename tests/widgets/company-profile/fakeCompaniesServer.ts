/**
 * A tiny companies API on node:http for the widget tests: list, get, create (multipart, recorded
 * raw), update, media replacement and delete over an in-memory list; records every request.
 */
import type { ServerResponse } from 'node:http';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';
import type { Company } from '../../../src/contract';

export function seedCompanies(): Company[] {
  return [
    {
      id: 1,
      display_name: 'Skyline Realty',
      icon: 'companies/1/icon.png',
      logo: 'companies/1/logo.png',
      logo_small: 'companies/1/logo-320.webp',
      cover_photo: 'companies/1/cover.png',
      primary_color_code: '#facc15',
      secondary_color_code: '#0f172a',
      tagline: 'Homes that rise above the rest',
      short_description: 'Residential sales across South India.',
      long_description: 'We help families buy and rent homes.',
      founding_year: 2009,
      office_address: '29 MG Road',
      city: 'Bengaluru',
      postal_code: '560001',
      state: 'Karnataka',
      country: 'India',
      hours_of_operation: 'Mon-Sat: 9:30AM-6:30PM',
      firm_type: 'Apartment',
      operating_states: ['Karnataka', 'Kerala'],
      operating_cities: '["Bengaluru","Kochi"]' as unknown as string[],
      inventory_type: 'both',
      inventory_categories: 'Apartment, Villa' as unknown as string[],
      instagram: 'https://instagram.com/skyline',
      facebook: null,
      linkedin: 'javascript:alert(1)',
      website: 'https://skyline.example',
      lead_communication: ['Email', 'WhatsApp'],
    },
    {
      id: 2,
      display_name: 'Harbor Homes',
      icon: null,
      logo: null,
      cover_photo: null,
      primary_color_code: '#0ea5e9',
      secondary_color_code: '#0c4a6e',
      tagline: 'By the sea',
      founding_year: 2014,
      office_address: 'Unit 1204, One BKC',
      city: 'Mumbai',
      postal_code: '400051',
      state: 'Maharashtra',
      country: 'India',
      firm_type: 'Villa',
      operating_states: ['Maharashtra'],
      operating_cities: ['Mumbai', 'Pune'],
      inventory_categories: ['Villa'],
      lead_communication: [],
      website: 'data:text/html,hi',
      withheld_links: ['instagram'],
    },
  ];
}

export class FakeCompaniesServer extends FakeApiServer {
  companies: Company[] = seedCompanies();
  private nextId = 100;

  reset(): void {
    this.companies = seedCompanies();
    this.resetRequests();
  }

  protected override route(req: Seen, res: ServerResponse): void {
    const path = req.path.replace(/^\/api\/v1/, '');
    if (req.method === 'GET' && path === '/company') return send(res, 200, { status: 'Success', data: this.companies });
    if (req.method === 'POST' && path === '/company') {
      const name = /name="display_name"\r\n\r\n([^\r]*)/.exec(req.body)?.[1] ?? null;
      this.companies.push({ id: this.nextId++, display_name: name } as Company);
      return send(res, 201, { status: 'Success', message: 'Company created successfully!' });
    }
    const media = /^\/company\/([^/]+)\/media$/.exec(path);
    const one = /^\/company\/([^/]+)$/.exec(path);
    const id = decodeURIComponent((media ?? one)?.[1] ?? '');
    const company = this.companies.find((c) => String(c.id) === id);
    if ((media || one) && !company) return send(res, 404, { status: 'Error', message: 'Company not found' });
    if (media && req.method === 'POST') {
      Object.assign(company!, { icon: `companies/${id}/icon-new.png` });
      return send(res, 200, { status: 'Success', data: company });
    }
    if (one && req.method === 'GET') return send(res, 200, { status: 'Success', data: company });
    if (one && req.method === 'PUT') {
      Object.assign(company!, req.json as object);
      return send(res, 200, { status: 'Success', message: 'Company updated successfully', data: company });
    }
    if (one && req.method === 'DELETE') {
      this.companies = this.companies.filter((c) => c !== company);
      return send(res, 200, { status: 'Success' });
    }
    send(res, 404, { status: 'Error', message: 'Not found' });
  }
}
