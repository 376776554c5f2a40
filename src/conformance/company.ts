/**
 * Companies. A company user: every company's list refused (403), one's own read, another's 404
 * (read, edit, media); a company admin's edit of the own company's profile — the tagline changed,
 * then the object GET answered sent back, and read again to compare — the two-factor policy saved
 * as it is, and the media call's refusal without files (replacing an image cannot be undone
 * exactly). A super admin: the list, and a company of the walk's own created with generated
 * images, read, edited, its logo replaced, deleted, 404 after.
 */
import { tinyPng } from './png';
import { pick, type Walk } from './walk';

/** What PUT /company/:id sets, compared before the walk's edit and after it is put back. */
const EDITABLE = ['display_name', 'founding_year', 'firm_type', 'office_address', 'city', 'state', 'country', 'postal_code', 'tagline', 'short_description', 'long_description', 'primary_color_code', 'secondary_color_code', 'hours_of_operation', 'inventory_type', 'operating_states', 'operating_cities', 'inventory_categories', 'lead_communication', 'website', 'instagram', 'facebook', 'linkedin'];
const editable = (company: unknown) => JSON.stringify(EDITABLE.map((key) => pick(company, key) ?? null));
const image = (rgb: [number, number, number]) => new Blob([tinyPng(32, rgb)], { type: 'image/png' });

export async function companies(walk: Walk, marker: string, userType: unknown, companyId: unknown, otherCompany: unknown): Promise<void> {
  if (userType === 'super_admin') {
    const list = await walk.check('GET', '/company', '/company', 200);
    const first = (pick(list?.body, 'data') as Array<{ id: number | string }> | undefined)?.[0];
    if (first) await walk.check('GET', '/company/:id', `/company/${first.id}`, 200);
    await companyLife(walk, marker);
    return;
  }
  await walk.check('GET', '/company', '/company', 403, undefined, undefined, 'GET /company, every company, as a company user (403)');
  if (companyId === undefined || companyId === null) return;
  const own = await walk.check('GET', '/company/:id', `/company/${String(companyId)}`, 200, undefined, undefined, 'GET /company/:id, one\u2019s own company');
  const original = pick(own?.body, 'data') as Record<string, unknown> | undefined;
  if (walk.otherToken && otherCompany !== undefined && otherCompany !== null) {
    await walk.check('GET', '/company/:id', `/company/${String(otherCompany)}`, 404, undefined, undefined, 'GET /company/:id of another company (404)');
    if (original) await walk.check('PUT', '/company/:id', `/company/${String(otherCompany)}`, 404, { ...original, id: undefined }, undefined, 'PUT /company/:id of another company (404)');
    await walk.check('POST', '/company/:id/media', `/company/${String(otherCompany)}/media`, 404, new FormData(), undefined, 'POST /company/:id/media of another company (404)');
  }
  if (userType !== 'admin' || !original) {
    walk.skip('PUT /company/:id and the two-factor policy', 'only a company admin changes the company');
    return;
  }
  await walk.check('POST', '/company/:id/media', `/company/${String(companyId)}/media`, 422, new FormData(), undefined, 'POST /company/:id/media without an image (422)');
  walk.skip('POST /company/:id/media (an image)', 'the replaced image is gone, so the walk could not put the company back exactly');
  const tagline = `Conformance ${marker}`;
  const edited = await walk.check('PUT', '/company/:id', `/company/${String(companyId)}`, 200, { ...original, tagline }, undefined, 'PUT /company/:id, one\u2019s own (the tagline changed)');
  if (edited) walk.judge('PUT /company/:id: data.tagline', pick(edited.body, 'data', 'tagline') === tagline ? null : `data.tagline is ${JSON.stringify(pick(edited.body, 'data', 'tagline'))}`);
  const back = await walk.check('PUT', '/company/:id', `/company/${String(companyId)}`, 200, original, undefined, 'PUT /company/:id, one\u2019s own (put back)');
  if (!back && edited) walk.judge('clean-up', `the company's tagline is "${tagline}": set it back to ${JSON.stringify(original.tagline)} by hand`);
  const now = await walk.check('GET', '/company/:id', `/company/${String(companyId)}`, 200, undefined, undefined, 'GET /company/:id after the edit was put back');
  if (now) walk.judge('the company profile is as it was before the walk', editable(pick(now.body, 'data')) === editable(original) ? null : `now ${editable(pick(now.body, 'data'))}, was ${editable(original)}`);

  const policy = pick((await walk.call('GET', '/users/two-factor')).body, 'data', 'company_policy');
  if (typeof policy !== 'string') walk.skip('PUT /company/two-factor-policy', 'GET /users/two-factor gave no data.company_policy to save again');
  else {
    const saved = await walk.check('PUT', '/company/two-factor-policy', '/company/two-factor-policy', 200, { two_factor_required: policy }, undefined, 'PUT /company/two-factor-policy (saved as it is)');
    if (saved) walk.judge('PUT /company/two-factor-policy: data.two_factor_required', pick(saved.body, 'data', 'two_factor_required') === policy ? null : `data.two_factor_required is ${JSON.stringify(pick(saved.body, 'data', 'two_factor_required'))}, expected "${policy}"`);
  }
}

/** A super admin's company of the walk's own: created with three images, read, edited, its logo replaced, deleted. */
async function companyLife(walk: Walk, marker: string): Promise<void> {
  const fields: Record<string, string> = {
    display_name: `Conformance ${marker}`,
    tagline: 'Made by the conformance walk',
    founding_year: '2020',
    primary_color_code: '#336699',
    secondary_color_code: '#1f2937',
    short_description: 'A company the conformance walk creates and deletes.',
    long_description: 'Created by estatedesk-conformance, deleted again within the same run.',
    office_address: '1 Conformance Road',
    city: 'Pune',
    state: 'Maharashtra',
    postal_code: '411001',
    country: 'India',
    operating_states: JSON.stringify(['Maharashtra']),
    operating_cities: JSON.stringify(['Pune']),
    inventory_categories: JSON.stringify(['Apartment']),
    hours_of_operation: 'Mon-Fri: 9AM-5PM',
    firm_type: 'Apartment',
    inventory_type: 'own',
    website: 'https://example.com',
    lead_communication: JSON.stringify(['Email']),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('icon', image([40, 120, 200]), 'icon.png');
  form.append('logo', image([200, 120, 40]), 'logo.png');
  form.append('cover_photo', image([40, 200, 120]), 'cover.png');
  await walk.check('POST', '/company', '/company', 422, new FormData(), undefined, 'POST /company without fields (422)');
  const created = await walk.check('POST', '/company', '/company', 201, form, undefined, 'POST /company (multipart, three images)');
  const id = pick(created?.body, 'data', 'id') as number | string | undefined;
  if (id === undefined) return;
  try {
    const read = await walk.check('GET', '/company/:id', `/company/${id}`, 200, undefined, undefined, 'GET /company/:id of the new one');
    const edited = read && (await walk.check('PUT', '/company/:id', `/company/${id}`, 200, { ...(pick(read.body, 'data') as object), tagline: `Edited by ${marker}` }));
    if (edited) walk.judge('PUT /company/:id: data.tagline', pick(edited.body, 'data', 'tagline') === `Edited by ${marker}` ? null : `data.tagline is ${JSON.stringify(pick(edited.body, 'data', 'tagline'))}`);
    const logo = new FormData();
    logo.append('logo', image([120, 40, 200]), 'logo.png');
    await walk.check('POST', '/company/:id/media', `/company/${id}/media`, 200, logo, undefined, 'POST /company/:id/media (a new logo)');
  } finally {
    const removed = await walk.check('DELETE', '/company/:id', `/company/${id}`, 200);
    if (!removed) walk.judge('clean-up', `company ${id} (${fields.display_name}) may still be there: delete it by hand`);
    else await walk.check('GET', '/company/:id', `/company/${id}`, 404, undefined, undefined, 'GET /company/:id after its delete (404)');
  }
}
