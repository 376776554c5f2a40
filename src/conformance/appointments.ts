/**
 * An appointment of the walk's own: a site visit of its lead at its property, an hour three days
 * ahead. Refused without a lead and property (422), created, read, listed in its month, found as a
 * clash of its agent and property (and not when it is the one being edited), saved again from what
 * GET answered, refused when saved with the version read before that (409), its .ics a VEVENT,
 * listed as upcoming for the lead and the property and as the lead's next appointment, 404 to
 * another company (and no next appointment of the lead there), deleted, 404 after.
 */
import { pick, type Walk } from './walk';

type Id = number | string;
const HOUR = 3_600_000;
const ids = (answer: unknown, path: Array<string | number> = ['data']) => ((pick(answer, ...path) as unknown[] | undefined) ?? []).map((item) => String(pick(item, 'id')));
const query = (params: Record<string, string | number>) => Object.entries(params).map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`).join('&');

export async function appointmentLife(walk: Walk, marker: string, leadId: Id, propertyId?: Id): Promise<void> {
  if (!['event-create', 'event-read', 'event-edit', 'event-delete'].every((p) => walk.can(p))) {
    walk.skip('the appointment\u2019s life (create … delete)', 'the account may not create, read, edit and delete appointments, and the walk creates nothing it cannot remove');
    return;
  }
  if (propertyId === undefined) {
    walk.skip('the appointment\u2019s life (create … delete)', 'a site visit needs a property, and the walk has none of its own (the account may not create and delete properties)');
    return;
  }
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 3 * 24 * HOUR);
  const startsAt = start.toISOString();
  const endsAt = new Date(start.getTime() + HOUR).toISOString();
  await walk.check('POST', '/appointments', '/appointments', 422, { kind: 'site_visit', starts_at: startsAt }, undefined, 'POST /appointments, a site visit without lead or property (422)');
  const title = `Conformance ${marker}`;
  const created = await walk.check('POST', '/appointments', '/appointments', 201, { kind: 'site_visit', title, lead_id: Number(leadId), property_ids: [Number(propertyId)], starts_at: startsAt, ends_at: endsAt, note: 'Made by the conformance walk' }, undefined, 'POST /appointments (a site visit of the walk\u2019s lead)');
  const id = pick(created?.body, 'data', 'id') as Id | undefined;
  if (id === undefined) return;
  const path = `/appointments/${id}`;
  try {
    const read = await walk.check('GET', '/appointments/:id', path, 200, undefined, undefined, 'GET /appointments/:id of the new one');
    const data = pick(read?.body, 'data') as Record<string, unknown> | undefined;
    if (data) {
      const propertyIds = ((data.property_ids as unknown[] | undefined) ?? []).map(String);
      walk.judge('GET /appointments/:id: the lead, the property, the times', String(data.lead_id) !== String(leadId) ? `data.lead_id is ${JSON.stringify(data.lead_id)}` : propertyIds.join() !== String(propertyId) ? `data.property_ids is ${JSON.stringify(data.property_ids)}` : Date.parse(String(data.starts_at)) !== start.getTime() ? `data.starts_at is ${JSON.stringify(data.starts_at)}, sent ${startsAt}` : null);
    }
    const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
    const nextMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const listed = await walk.check('GET', '/appointments', `/appointments?${query({ from: month.toISOString(), to: nextMonth.toISOString() })}`, 200, undefined, undefined, 'GET /appointments of the month');
    if (listed) walk.judge('GET /appointments of the month lists the new one', ids(listed.body).includes(String(id)) ? null : `appointment ${id} is not in data`);

    const agentId = data?.agent_id ?? pick(created?.body, 'data', 'agent_id');
    const planned = { ...(agentId == null ? {} : { agent_id: String(agentId) }), property_ids: String(propertyId), starts_at: new Date(start.getTime() + HOUR / 2).toISOString(), ends_at: new Date(start.getTime() + 2 * HOUR).toISOString() };
    const clashes = await walk.check('GET', '/appointments/clashes', `/appointments/clashes?${query(planned)}`, 200, undefined, undefined, 'GET /appointments/clashes of an overlapping visit');
    if (clashes) {
      const clash = ((pick(clashes.body, 'data') as unknown[] | undefined) ?? []).find((c) => String(pick(c, 'id')) === String(id));
      const reasons = (pick(clash, 'reasons') as unknown[] | undefined) ?? [];
      walk.judge('GET /appointments/clashes finds the walk\u2019s visit (its agent and property)', !clash ? `appointment ${id} is not in data` : reasons.includes('property') && (agentId == null || reasons.includes('agent')) ? null : `its reasons are ${JSON.stringify(reasons)}`);
    }
    const itself = await walk.check('GET', '/appointments/clashes', `/appointments/clashes?${query({ ...planned, except_id: String(id) })}`, 200, undefined, undefined, 'GET /appointments/clashes of the visit itself (except_id)');
    if (itself) walk.judge('GET /appointments/clashes with except_id leaves the visit out', ids(itself.body).includes(String(id)) ? `appointment ${id} clashes with itself` : null);

    if (data) {
      const note = `Edited by ${marker}`;
      const saved = await walk.check('PUT', '/appointments/:id', path, 200, { ...data, note }, undefined, 'PUT /appointments/:id (what GET answered, the note changed)');
      if (saved) walk.judge('PUT /appointments/:id: data.note and a new data.version', pick(saved.body, 'data', 'note') !== note ? `data.note is ${JSON.stringify(pick(saved.body, 'data', 'note'))}` : pick(saved.body, 'data', 'version') === data.version ? `data.version is still ${JSON.stringify(data.version)}` : null);
      const stale = await walk.check('PUT', '/appointments/:id', path, 409, { ...data, note: 'stale' }, undefined, 'PUT /appointments/:id with the version read before (409)');
      if (stale) walk.judge('PUT /appointments/:id (409): data is the fresh appointment', pick(stale.body, 'data', 'note') === note ? null : `data.note is ${JSON.stringify(pick(stale.body, 'data', 'note'))}, expected ${JSON.stringify(note)}`);
    }
    const ics = await walk.check('GET', '/appointments/:id/ics', `${path}/ics`, 200);
    if (ics) walk.judge('GET /appointments/:id/ics: a VEVENT', /BEGIN:VEVENT[\s\S]*END:VEVENT/.test(String(ics.body)) ? null : 'no BEGIN:VEVENT … END:VEVENT in the file');

    const ofLead = await walk.check('GET', '/leads/:id/appointments', `/leads/${leadId}/appointments?upcoming=1`, 200, undefined, undefined, 'GET /leads/:id/appointments?upcoming=1 of the walk\u2019s lead');
    if (ofLead) walk.judge('GET /leads/:id/appointments?upcoming=1 lists the visit', ids(ofLead.body).includes(String(id)) ? null : `appointment ${id} is not in data`);
    const nextOf = await walk.check('GET', '/appointments/next', `/appointments/next?lead_ids=${leadId}`, 200, undefined, undefined, 'GET /appointments/next of the walk\u2019s lead');
    if (nextOf) walk.judge('GET /appointments/next answers the visit as the lead\u2019s next', ids(nextOf.body).join() === String(id) ? null : `data holds ${JSON.stringify(ids(nextOf.body))}, expected [${id}]`);
    await walk.check('GET', '/appointments/next', '/appointments/next', 422, undefined, undefined, 'GET /appointments/next without lead_ids (422)');
    if (walk.can('property-read')) {
      const ofProperty = await walk.check('GET', '/properties/:id/appointments', `/properties/${propertyId}/appointments?upcoming=1`, 200, undefined, undefined, 'GET /properties/:id/appointments?upcoming=1 of the walk\u2019s property');
      if (ofProperty) walk.judge('GET /properties/:id/appointments?upcoming=1 lists the visit', ids(ofProperty.body).includes(String(id)) ? null : `appointment ${id} is not in data`);
    }
    if (walk.otherToken) {
      await walk.check('GET', '/appointments/:id', path, 404, undefined, walk.otherToken, 'GET /appointments/:id of another company (404)');
      await walk.check('GET', '/appointments/:id/ics', `${path}/ics`, 404, undefined, walk.otherToken, 'GET /appointments/:id/ics of another company (404)');
      await walk.check('PUT', '/appointments/:id', path, 404, { note: 'not yours' }, walk.otherToken, 'PUT /appointments/:id of another company (404)');
      await walk.check('DELETE', '/appointments/:id', path, 404, undefined, walk.otherToken, 'DELETE /appointments/:id of another company (404)');
      await walk.check('GET', '/leads/:id/appointments', `/leads/${leadId}/appointments`, 404, undefined, walk.otherToken, 'GET /leads/:id/appointments of another company (404)');
      const foreign = await walk.check('GET', '/appointments/next', `/appointments/next?lead_ids=${leadId}`, 200, undefined, walk.otherToken, 'GET /appointments/next of another company\u2019s lead');
      if (foreign) walk.judge('GET /appointments/next of another company\u2019s lead answers none', ids(foreign.body).length ? `data holds ${JSON.stringify(ids(foreign.body))}` : null);
    }
  } finally {
    const removed = await walk.check('DELETE', '/appointments/:id', path, 200);
    if (!removed) walk.judge('clean-up', `appointment ${id} (${title}) may still be there: delete it by hand`);
    else await walk.check('GET', '/appointments/:id', path, 404, undefined, undefined, 'GET /appointments/:id after its delete (404)');
  }
}
