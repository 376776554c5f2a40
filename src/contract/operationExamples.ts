/**
 * Answer examples of the API description, copied from the reference server's demo data (Skyline
 * Realty, server/src/db/seed.ts and demo-data.ts). Keyed like route-access.ts; a server test
 * parses each with its call's answer schema, so an example never contradicts the contract.
 */
const LEAD = {
  id: 200,
  name: 'Deepika Patil',
  first_name: 'Deepika',
  last_name: 'Patil',
  email: 'deepika.patil80@example.org',
  phone: '+91 72165 80226',
  address: '240, Station Road, Edappally',
  city: 'Kochi',
  state: 'Kerala',
  postal_code: '682063',
  country: 'India',
  lead_source: 'Other',
  property_type: 3,
  workflow: 'Open',
  workflow_id: 2,
  activities: 4,
  version: 1,
  created_at: '2026-07-23T21:58:56.296Z',
  updated_at: '2026-07-23T21:58:56.296Z',
};

const AGENT = {
  id: 3,
  name: 'Arjun Sharma',
  first_name: 'Arjun',
  last_name: 'Sharma',
  email: 'agent@skyline.test',
  user_type: 'agent',
  permissions: ['property-read', 'lead-create', 'lead-read', 'lead-edit', 'event-create', 'event-read', 'event-edit'],
  company_id: 1,
  role: 'Sales Agent',
};

export const ANSWER_EXAMPLES: Readonly<Record<string, unknown>> = {
  'GET /api/v1/health': { status: 'Success', data: { database: 'sqlite', uptime_s: 42 } },
  'POST /api/v1/auth': { status: 'Success', data: { token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.…', company_id: 1, user: AGENT } },
  'GET /api/v1/workflow/list': {
    status: 'Success',
    data: [
      { id: 1, name: 'All Contacts', default_style: 'grey', active_style: 'orange' },
      { id: 2, name: 'Open', default_style: 'sky', active_style: 'orange' },
      { id: 3, name: 'Won', default_style: 'green', active_style: 'orange' },
      { id: 4, name: 'Lost', default_style: 'black', active_style: 'orange' },
    ],
  },
  'GET /api/v1/leads/list/workflow/:id': { status: 'Success', data: { data: [LEAD], total: 200 } },
  'GET /api/v1/leads/:id': { status: 'Success', data: { data: { data: LEAD } } },
  'POST /api/v1/leads/store': { status: 'Success', message: 'Lead added successfully.', data: LEAD },
  'GET /api/v1/acl/role': {
    status: 'Success',
    data: [
      { id: 1, name: 'Sales Agent', slug: 'sales-agent', permissions: ['property-read', 'lead-create', 'lead-read', 'lead-edit', 'event-create', 'event-read', 'event-edit'], users_count: 2 },
      { id: 3, name: 'Property Manager', slug: 'property-manager', permissions: ['property-create', 'property-read', 'property-edit', 'property-delete'], users_count: 1 },
    ],
  },
};
