/**
 * A lead's history (docs/activity.md): status changes, edits with before → after, the notes,
 * calls, WhatsApp messages, e-mails and meetings staff add, and — for those who may read the
 * calendar — its appointments (a visit scheduled, moved, done with its feedback and outcome,
 * cancelled, deleted), newest first, with who and when; a
 * form to add one (lead-edit) with an optional follow-up date; one's own note editable or
 * deletable for 15 minutes. A colleague's change appears by itself (live updates).
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import { MESSAGES, NOTE_KIND_LABELS, NOTE_KINDS, PERMISSIONS, type Id, type NoteKind, type TimelineEntry } from '../../contract';
import { ApiError, serverMessage } from '../../core';
import { formatDateAs } from '../../core/preferences';
import { useCan, useLiveReload, useMutation, useQuery, useSession, useToast } from '../../runtime';
import { usePreferences } from '../../runtime/usePreferences';
import { Button, EmptyState, ErrorState, LoadingState, SelectField, TextArea, TextField } from '../../ui';
import { historyStyles } from './historyStyles';
import { useLeadHistoryApi, type LeadHistoryApi } from './leadHistoryApi';
import { appointmentLines, changeLines, entryTitle, followUpDay, historyKeys, noteChangeable } from './historyModel';

const KIND_OPTIONS = NOTE_KINDS.map((kind) => ({ value: kind, label: NOTE_KIND_LABELS[kind] }));

interface Draft {
  kind: NoteKind;
  body: string;
  follow_up_at: string;
}
const EMPTY: Draft = { kind: 'note', body: '', follow_up_at: '' };

/** The field errors of a refused save, by field. */
const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError && error.status === 422 && error.body && typeof error.body === 'object' && 'errors' in error.body
    ? Object.fromEntries(Object.entries((error.body as { errors: Record<string, string[]> }).errors).map(([field, list]) => [field, list[0] ?? '']))
    : {};

function NoteForm({ initial, busy, onSave, onCancel, submitLabel }: { initial: Draft; busy: boolean; onSave(draft: Draft): Promise<Record<string, string>>; onCancel?(): void; submitLabel: string }): ReactElement {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const s = historyStyles();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.body.trim()) return setErrors({ body: MESSAGES.activity.bodyRequired });
    const refused = await onSave(draft);
    setErrors(refused);
    // What was typed stays after a failure; a saved note leaves an empty form.
    if (Object.keys(refused).length === 0 && !onCancel) setDraft(EMPTY);
  };
  return (
    <form className={s.form} onSubmit={submit} aria-label={submitLabel} noValidate>
      <div className={s.formRow}>
        <SelectField label="Kind" options={KIND_OPTIONS} value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as NoteKind })} error={errors.kind} disabled={busy} />
        <TextField label="Follow-up (optional)" type="date" value={draft.follow_up_at} onChange={(e) => setDraft({ ...draft, follow_up_at: e.target.value })} error={errors.follow_up_at} disabled={busy} />
      </div>
      <TextArea label="Note" required rows={3} value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} error={errors.body} disabled={busy} placeholder="Called, wants a 3 BHK under ₹1 Cr, call back Friday" />
      <div className={s.formActions}>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Entry({ entry, leadId, api, userId, canEdit }: { entry: TimelineEntry; leadId: Id; api: LeadHistoryApi; userId: string | number | null | undefined; canEdit: boolean }): ReactElement {
  const { date_format } = usePreferences();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const note = entry.note ?? null;
  const save = useMutation({
    mutate: (draft: Draft) => api.editNote(leadId, note!.id, { kind: draft.kind, body: draft.body, follow_up_at: draft.follow_up_at || null }),
    invalidates: [historyKeys.timeline(leadId), ['leads', 'list']],
  });
  const remove = useMutation({ mutate: () => api.deleteNote(leadId, note!.id), invalidates: [historyKeys.timeline(leadId), ['leads', 'list']] });
  const s = historyStyles();
  const when = new Date(entry.created_at);
  const time = `${formatDateAs(entry.created_at, date_format)}, ${when.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })}`;
  const visit = appointmentLines(entry);
  // An appointment's raw fields (instants, ids) say less than its sentences do.
  const lines = visit ? [] : changeLines(entry);
  const mine = note && canEdit && noteChangeable(note, userId, Date.now());
  return (
    <li className={s.entry}>
      <p className={s.entryHead}>
        <strong>{entry.actor_name ?? 'Someone'}</strong> {entryTitle(entry)} <time dateTime={entry.created_at} className={s.when}>{time}</time>
      </p>
      {visit && (
        <div className={s.visit}>
          {visit.map((line) => (
            <p key={line} className={s.visitLine}>
              {line}
            </p>
          ))}
        </div>
      )}
      {lines.length > 0 && (
        <ul className={s.changes}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {entry.action === 'lead.note_added' && !note && <p className={s.muted}>This note was deleted.</p>}
      {note && !editing && (
        <>
          <p className={s.body}>{note.body}</p>
          {note.follow_up_at && <p className={s.followUp}>Follow-up: {formatDateAs(note.follow_up_at, date_format)}</p>}
          {mine && (
            <div className={s.noteActions}>
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit note from ${time}`}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={remove.busy}
                aria-label={`Delete note from ${time}`}
                onClick={() =>
                  remove.mutateAsync(undefined).then(
                    () => toast.success(MESSAGES.activity.noteDeleted),
                    (error: unknown) => toast.error(serverMessage(error, MESSAGES.generic.unexpected)),
                  )
                }
              >
                Delete
              </Button>
            </div>
          )}
        </>
      )}
      {note && editing && (
        <NoteForm
          initial={{ kind: note.kind, body: note.body, follow_up_at: followUpDay(note.follow_up_at) }}
          busy={save.busy}
          submitLabel="Save note"
          onCancel={() => setEditing(false)}
          onSave={async (draft) => {
            try {
              await save.mutateAsync(draft);
              toast.success(MESSAGES.activity.noteUpdated);
              setEditing(false);
              return {};
            } catch (error) {
              toast.error(serverMessage(error, MESSAGES.generic.unexpected));
              return fieldErrors(error);
            }
          }}
        />
      )}
    </li>
  );
}

/** One page of the timeline, and the button that shows the next. */
function TimelinePage({ leadId, before, api, userId, canEdit }: { leadId: Id; before: number | null; api: LeadHistoryApi; userId: string | number | null | undefined; canEdit: boolean }): ReactElement {
  const page = useQuery([...historyKeys.timeline(leadId), before], (signal) => api.timeline(leadId, before, signal));
  const [more, setMore] = useState(false);
  const s = historyStyles();
  if (page.loading && !page.data) return <LoadingState label={MESSAGES.generic.loading} size="inline" />;
  if (page.error && !page.data) return <ErrorState message={MESSAGES.activity.timelineFailed} onRetry={page.refetch} />;
  const { entries, next } = page.data!;
  if (before === null && entries.length === 0) return <EmptyState title={MESSAGES.activity.noEvents} />;
  return (
    <>
      <ol className={s.list}>
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} leadId={leadId} api={api} userId={userId} canEdit={canEdit} />
        ))}
      </ol>
      {next !== null &&
        (more ? (
          <TimelinePage leadId={leadId} before={next} api={api} userId={userId} canEdit={canEdit} />
        ) : (
          <Button variant="secondary" onClick={() => setMore(true)} className={s.more}>
            Show older
          </Button>
        ))}
    </>
  );
}

export interface LeadHistoryProps {
  leadId: Id;
}

/**
 * The history of one lead, with the note form for those who may edit leads.
 * @example <LeadHistory leadId={42} />
 */
export function LeadHistory({ leadId }: LeadHistoryProps): ReactElement {
  const api = useLeadHistoryApi();
  const toast = useToast();
  const canEdit = useCan(PERMISSIONS.leadEdit).allowed;
  const userId = useSession().user?.id;
  // Appointments' events are the lead's history too (a visit marked done by a colleague).
  useLiveReload(['lead', 'appointment'], [historyKeys.timeline(leadId)]);
  const add = useMutation({
    mutate: (draft: Draft) => api.addNote(leadId, { kind: draft.kind, body: draft.body, follow_up_at: draft.follow_up_at || null }),
    invalidates: [historyKeys.timeline(leadId), ['leads', 'list']],
  });
  const s = historyStyles();
  return (
    <section className={s.history} aria-label="History">
      {canEdit && (
        <NoteForm
          initial={EMPTY}
          busy={add.busy}
          submitLabel="Add note"
          onSave={async (draft) => {
            try {
              await add.mutateAsync(draft);
              toast.success(MESSAGES.activity.noteAdded);
              return {};
            } catch (error) {
              toast.error(serverMessage(error, MESSAGES.generic.unexpected));
              return fieldErrors(error);
            }
          }}
        />
      )}
      <TimelinePage leadId={leadId} before={null} api={api} userId={userId} canEdit={canEdit} />
    </section>
  );
}

