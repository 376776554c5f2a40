/**
 * A note on the walk's own lead: refused without a text (422), added, read in the lead's timeline
 * together with the walk's status change, edited, refused to another company (404), deleted, and
 * gone from the timeline (its entry shows the note as it is now). The audit log keeps all three
 * events: audit.ts reads them after the lead is deleted.
 */
import { pick, type Walk } from './walk';

type Id = number | string;
const entries = (answer: unknown) => (pick(answer, 'data', 'data') as unknown[] | undefined) ?? [];
const noteEntry = (answer: unknown, noteId: Id) => entries(answer).find((entry) => pick(entry, 'action') === 'lead.note_added' && String(pick(entry, 'data', 'note_id') ?? pick(entry, 'note', 'id')) === String(noteId));

/** `statusChanged`: whether the walk moved the lead to another status before (its event is looked for in the timeline). Answers whether a note was added and deleted. */
export async function leadNotes(walk: Walk, marker: string, leadId: Id, statusChanged: boolean): Promise<boolean> {
  const path = `/leads/${leadId}/notes`;
  await walk.check('POST', '/leads/:id/notes', path, 422, { kind: 'call', body: '' }, undefined, 'POST /leads/:id/notes without a text (422)');
  const text = `Called about a site visit (${marker})`;
  const added = await walk.check('POST', '/leads/:id/notes', path, 201, { kind: 'call', body: text });
  const noteId = pick(added?.body, 'data', 'id') as Id | undefined;
  if (noteId === undefined) return false;
  let deleted = false;
  try {
    if (added) walk.judge('POST /leads/:id/notes: data.body and data.kind', pick(added.body, 'data', 'body') === text && pick(added.body, 'data', 'kind') === 'call' ? null : `data.kind ${JSON.stringify(pick(added.body, 'data', 'kind'))}, data.body ${JSON.stringify(pick(added.body, 'data', 'body'))}`);
    const timeline = await walk.check('GET', '/leads/:id/timeline', `/leads/${leadId}/timeline?pageSize=50`, 200, undefined, undefined, 'GET /leads/:id/timeline with the note');
    if (timeline) {
      const entry = noteEntry(timeline.body, noteId);
      walk.judge('GET /leads/:id/timeline shows the note', entry && pick(entry, 'note', 'body') === text ? null : entry ? `the note_added entry's note.body is ${JSON.stringify(pick(entry, 'note', 'body'))}` : `no lead.note_added entry for note ${noteId}`);
      const actions = entries(timeline.body).map((e) => pick(e, 'action'));
      if (statusChanged) walk.judge('GET /leads/:id/timeline shows the walk\u2019s status change', actions.includes('lead.status_changed') ? null : `no lead.status_changed entry among ${JSON.stringify(actions)}`);
      else walk.skip('GET /leads/:id/timeline shows the walk\u2019s status change', 'the company has no third status to move the walk\u2019s lead to');
    }
    const edited = `${text}, edited`;
    const saved = await walk.check('PUT', '/leads/:id/notes/:noteId', `${path}/${noteId}`, 200, { kind: 'note', body: edited });
    if (saved) walk.judge('PUT /leads/:id/notes/:noteId: data.body', pick(saved.body, 'data', 'body') === edited ? null : `data.body is ${JSON.stringify(pick(saved.body, 'data', 'body'))}`);
    if (walk.otherToken) {
      await walk.check('POST', '/leads/:id/notes', path, 404, { kind: 'note', body: 'not yours' }, walk.otherToken, 'POST /leads/:id/notes on another company\u2019s lead (404)');
      await walk.check('PUT', '/leads/:id/notes/:noteId', `${path}/${noteId}`, 404, { kind: 'note', body: 'not yours' }, walk.otherToken, 'PUT /leads/:id/notes/:noteId of another company (404)');
      await walk.check('DELETE', '/leads/:id/notes/:noteId', `${path}/${noteId}`, 404, undefined, walk.otherToken, 'DELETE /leads/:id/notes/:noteId of another company (404)');
      await walk.check('GET', '/leads/:id/timeline', `/leads/${leadId}/timeline`, 404, undefined, walk.otherToken, 'GET /leads/:id/timeline of another company (404)');
    }
  } finally {
    deleted = (await walk.check('DELETE', '/leads/:id/notes/:noteId', `${path}/${noteId}`, 200)) !== null;
    // Not a leftover: the lead's delete takes its notes with it. Said all the same.
    if (!deleted) walk.judge('clean-up', `note ${noteId} of lead ${leadId} may still be there until the lead is deleted`);
  }
  const after = await walk.check('GET', '/leads/:id/timeline', `/leads/${leadId}/timeline?pageSize=50`, 200, undefined, undefined, 'GET /leads/:id/timeline after the note\u2019s delete');
  if (after) {
    const entry = noteEntry(after.body, noteId);
    walk.judge('GET /leads/:id/timeline: the deleted note is gone', !entry || pick(entry, 'note') == null ? null : `the note_added entry still carries note ${JSON.stringify(pick(entry, 'note', 'body'))}`);
  }
  return deleted;
}
