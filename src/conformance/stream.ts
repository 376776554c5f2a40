/**
 * Live updates, polled: the id of the newest event on the walk's lead's timeline is taken before
 * the walk changes the lead, then GET /activity/stream?lifetime=0 with that id as Last-Event-ID
 * must answer text/event-stream holding the change (each `change` event a LiveEvent of the
 * contract) and end. The same poll by the other company's account must hold nothing of the lead.
 */
import { LiveEvent } from '../contract/activity';
import { firstDifference, pick, type Walk } from './walk';

type Id = number | string;

/** The events of a Server-Sent Events text: `event` (default `message`), `id`, and `data` parsed as JSON where it is. */
export function sseEvents(text: string): Array<{ event: string; id?: string; data: unknown }> {
  return text
    .split(/\r?\n\r?\n/)
    .map((block) => {
      const fields: Record<string, string[]> = {};
      for (const line of block.split(/\r?\n/)) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        (fields[name] ??= []).push(value);
      }
      return fields;
    })
    .filter((fields) => fields.data !== undefined)
    .map((fields) => {
      const raw = fields.data!.join('\n');
      let data: unknown = raw;
      try {
        data = JSON.parse(raw);
      } catch {
        /* not JSON: kept as text */
      }
      return { event: fields.event?.at(-1) ?? 'message', ...(fields.id ? { id: fields.id.at(-1) } : {}), data };
    });
}

/**
 * `change` makes the walk's change of lead `leadId` (true when it was made); the stream is polled
 * after it. Answers what `change` answered.
 */
export async function liveStream(walk: Walk, leadId: Id, change: () => Promise<boolean>): Promise<boolean> {
  const newest = await walk.check('GET', '/leads/:id/timeline', `/leads/${leadId}/timeline?pageSize=1`, 200, undefined, undefined, 'GET /leads/:id/timeline (the newest event, before the change)');
  const mark = pick(newest?.body, 'data', 'data', 0, 'id');
  const changed = await change();
  if (!changed) return false;
  if (typeof mark !== 'number') {
    walk.skip('GET /activity/stream?lifetime=0', 'the lead\u2019s timeline gave no event id to send as Last-Event-ID');
    return changed;
  }
  const headers = { accept: 'text/event-stream', 'last-event-id': String(mark) };
  const poll = await walk.check('GET', '/activity/stream', '/activity/stream?lifetime=0', 200, undefined, undefined, 'GET /activity/stream?lifetime=0 with Last-Event-ID', headers);
  if (poll) {
    const events = sseEvents(typeof poll.body === 'string' ? poll.body : JSON.stringify(poll.body));
    if (events.some((e) => e.event === 'reset')) walk.skip('GET /activity/stream?lifetime=0 holds the walk\u2019s change', 'the server answered `reset` (more was missed than it replays), so the change could not be looked for');
    else {
      const changes = events.filter((e) => e.event === 'change');
      const wrong = changes.map((e) => firstDifference(LiveEvent, e.data)).find((problem) => problem !== null);
      const ours = changes.filter((e) => pick(e.data, 'record_type') === 'lead' && String(pick(e.data, 'record_id')) === String(leadId));
      const stale = changes.find((e) => Number(pick(e.data, 'id')) <= mark);
      walk.judge(
        'GET /activity/stream?lifetime=0 holds the walk\u2019s change',
        wrong ? `a change event's data: ${wrong}` : stale ? `event ${String(pick(stale.data, 'id'))} is not after Last-Event-ID ${mark}` : ours.length ? null : `no change event of lead ${leadId} among ${changes.length} after event ${mark}`,
        `${ours.length} of ${changes.length} events of the walk\u2019s lead (${ours.map((e) => String(pick(e.data, 'action'))).join(', ')})`,
      );
    }
  }
  if (walk.otherToken) {
    const theirs = await walk.check('GET', '/activity/stream', '/activity/stream?lifetime=0', 200, undefined, walk.otherToken, 'GET /activity/stream?lifetime=0 as another company', headers);
    if (theirs) {
      const leaked = sseEvents(String(theirs.body)).filter((e) => pick(e.data, 'record_type') === 'lead' && String(pick(e.data, 'record_id')) === String(leadId));
      walk.judge('GET /activity/stream as another company: nothing of the walk\u2019s lead', leaked.length ? `${leaked.length} events of lead ${leadId} sent to another company` : null);
    }
  }
  return changed;
}
