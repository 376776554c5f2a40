/**
 * Webhooks, a company admin's: the list, a webhook refused without kinds (422), and one of the
 * walk's own pointing at https://example.invalid (a name that never resolves, so nothing could be
 * delivered) and inactive (so no delivery is even queued): created, listed, saved again from what
 * the list answered, its secret rotated, its delivery log read (empty), 404 to another company,
 * deleted, 404 after. A server that refuses the address (it checks where webhooks go) or has no
 * room for another webhook answers so, and the rest is skipped.
 */
import { pick, type Walk } from './walk';

export async function webhooks(walk: Walk, marker: string): Promise<void> {
  if (walk.userType !== 'admin') {
    walk.skip('GET /webhooks and a webhook\u2019s life', 'only a company admin keeps webhooks, and the signed-in account is not one');
    return;
  }
  await walk.check('GET', '/webhooks', '/webhooks', 200);
  const url = `https://example.invalid/${marker}`;
  await walk.check('POST', '/webhooks', '/webhooks', 422, { url, kinds: [] }, undefined, 'POST /webhooks without kinds (422)');
  const created = await walk.check('POST', '/webhooks', '/webhooks', [201, 409, 422], { url, kinds: ['lead.created'], active: false }, undefined, 'POST /webhooks (https://example.invalid, inactive)');
  if (created?.status === 422) {
    walk.skip('the webhook\u2019s life (list … delete)', `the server refused ${url}: ${JSON.stringify(pick(created.body, 'errors', 'url') ?? pick(created.body, 'message'))} (it checks where webhooks go, and the walk points none at a real receiver)`);
    return;
  }
  if (created?.status === 409) {
    walk.skip('the webhook\u2019s life (list … delete)', 'the company has as many webhooks as it may');
    return;
  }
  const id = pick(created?.body, 'data', 'id') as number | string | undefined;
  if (id === undefined) return;
  const path = `/webhooks/${id}`;
  try {
    const secret = pick(created?.body, 'data', 'secret');
    walk.judge('POST /webhooks: data.secret, and inactive', typeof secret !== 'string' || secret === '' ? `data.secret is ${JSON.stringify(secret)}` : pick(created?.body, 'data', 'active') !== false ? `data.active is ${JSON.stringify(pick(created?.body, 'data', 'active'))}` : null);
    const list = await walk.check('GET', '/webhooks', '/webhooks', 200, undefined, undefined, 'GET /webhooks with the new one');
    const listed = ((pick(list?.body, 'data') as unknown[] | undefined) ?? []).find((w) => String(pick(w, 'id')) === String(id)) as Record<string, unknown> | undefined;
    if (list) walk.judge('GET /webhooks lists the new one, without its secret', !listed ? `webhook ${id} is not in data` : 'secret' in listed ? 'data[…].secret is answered by the list' : null);
    if (listed) {
      const saved = await walk.check('PUT', '/webhooks/:id', path, 200, { ...listed, kinds: ['lead.created', 'lead.deleted'] }, undefined, 'PUT /webhooks/:id (what the list answered, another kind)');
      if (saved) walk.judge('PUT /webhooks/:id: data.kinds, still inactive', JSON.stringify(pick(saved.body, 'data', 'kinds')) !== JSON.stringify(['lead.created', 'lead.deleted']) ? `data.kinds is ${JSON.stringify(pick(saved.body, 'data', 'kinds'))}` : pick(saved.body, 'data', 'active') !== false ? `data.active is ${JSON.stringify(pick(saved.body, 'data', 'active'))}` : null);
    }
    const rotated = await walk.check('POST', '/webhooks/:id/secret', `${path}/secret`, 200);
    if (rotated) walk.judge('POST /webhooks/:id/secret: a new data.secret', typeof pick(rotated.body, 'data', 'secret') === 'string' && pick(rotated.body, 'data', 'secret') !== secret ? null : 'data.secret is missing or the same as before');
    const log = await walk.check('GET', '/webhooks/:id/deliveries', `${path}/deliveries`, 200, undefined, undefined, 'GET /webhooks/:id/deliveries of the inactive one');
    if (log) walk.judge('GET /webhooks/:id/deliveries: none for an inactive webhook', ((pick(log.body, 'data', 'data') as unknown[] | undefined) ?? []).length === 0 ? null : 'deliveries were queued for an inactive webhook');
    if (walk.otherToken) {
      await walk.check('PUT', '/webhooks/:id', path, [403, 404], { active: true }, walk.otherToken, 'PUT /webhooks/:id of another company (404, or 403 to a non-admin)');
      await walk.check('POST', '/webhooks/:id/secret', `${path}/secret`, [403, 404], undefined, walk.otherToken, 'POST /webhooks/:id/secret of another company (404, or 403 to a non-admin)');
      await walk.check('DELETE', '/webhooks/:id', path, [403, 404], undefined, walk.otherToken, 'DELETE /webhooks/:id of another company (404, or 403 to a non-admin)');
    }
  } finally {
    const removed = await walk.check('DELETE', '/webhooks/:id', path, 200);
    if (!removed) walk.judge('clean-up', `webhook ${id} (${url}, inactive) may still be there: delete it by hand`);
    else await walk.check('GET', '/webhooks/:id/deliveries', `${path}/deliveries`, 404, undefined, undefined, 'GET /webhooks/:id/deliveries after its delete (404)');
  }
}
