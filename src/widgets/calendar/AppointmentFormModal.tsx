/**
 * New appointment and Edit appointment: kind, lead (searched among the company's leads),
 * properties for a site visit, agent, invitees, start and end on the company's wall clock, place,
 * note, reminder. What the planned time clashes with is shown before saving (saving stays
 * allowed). A 422 puts its messages on the fields, nothing typed is lost; a 409 shows the fresh
 * appointment and says why.
 */
import { useState, type ReactElement } from 'react';
import {
  APPOINTMENT_KIND_LABELS,
  APPOINTMENT_KINDS,
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUSES,
  AppointmentRequest,
  type Appointment,
} from '../../contract/appointments';
import { MESSAGES } from '../../contract/messages';
import { PERMISSIONS } from '../../contract/permissions';
import { serverMessage } from '../../core';
import { useCan, useMutation, useQuery, useSession, useToast } from '../../runtime';
import { FormModal, SelectField, TextArea, TextField, useForm, validateWith } from '../../ui';
import type { CalendarApi, Choice } from './calendarApi';
import {
  calendarKeys,
  clashSentences,
  formValuesOf,
  fromLocalInput,
  localInput,
  newFormValues,
  payloadOf,
  presetValues,
  REMINDER_CHOICES,
  type AppointmentFormValues,
  type AppointmentPreset,
} from './calendarModel';
import { calendarStyles } from './calendarStyles';
import { SearchSelect } from './SearchSelect';

export interface AppointmentFormModalProps {
  api: CalendarApi;
  zone: string;
  /** The appointment to edit, or where a new one starts. */
  editing: Appointment | null;
  start?: string;
  /** A new appointment's lead, property and agent, when scheduled from elsewhere (`ScheduleVisit.tsx`). */
  preset?: AppointmentPreset;
  onClose(): void;
  /** Told of the saved appointment, before `onClose`. */
  onSaved?(appointment: Appointment): void;
}

function labelsOf(appointment: Appointment | null): Map<string, string> {
  const labels = new Map<string, string>();
  if (!appointment) return labels;
  if (appointment.lead) labels.set(`lead:${appointment.lead.id}`, appointment.lead.name ?? `Lead #${appointment.lead.id}`);
  for (const p of appointment.properties) labels.set(`property:${p.id}`, p.title ?? p.address ?? `Property #${p.id}`);
  for (const p of [...appointment.invitees, ...(appointment.agent ? [appointment.agent] : [])]) labels.set(`person:${p.id}`, p.name ?? `Person #${p.id}`);
  return labels;
}

/** The picker labels a preset names, so its lead, property and agent read as names at once. */
function presetLabels(preset: AppointmentPreset | undefined): Array<[string, string]> {
  if (!preset) return [];
  const out: Array<[string, string]> = [];
  if (preset.lead) out.push([`lead:${preset.lead.id}`, preset.lead.name]);
  if (preset.property) out.push([`property:${preset.property.id}`, preset.property.name]);
  if (preset.agent) out.push([`person:${preset.agent.id}`, preset.agent.name]);
  return out;
}

export function AppointmentFormModal({ api, zone, editing, start, preset, onClose, onSaved }: AppointmentFormModalProps): ReactElement {
  const s = calendarStyles();
  const toast = useToast();
  const me = useSession((state) => state.user);
  const canListPeople = useCan(PERMISSIONS.agentRead).allowed;
  const [base, setBase] = useState(editing);
  const [labels, setLabels] = useState(() => {
    const map = labelsOf(editing);
    if (me) map.set(`person:${me.id}`, me.name ?? 'Me');
    for (const [key, label] of presetLabels(preset)) map.set(key, label);
    return map;
  });
  const remember = (kind: string) => (choice: Choice) => setLabels((old) => new Map(old).set(`${kind}:${choice.value}`, choice.label));
  const labelOf = (kind: string) => (id: string) => labels.get(`${kind}:${id}`) ?? `#${id}`;

  const people = useQuery(canListPeople ? calendarKeys.people : null, (signal) => api.people(signal));
  const save = useMutation({
    mutate: (body: ReturnType<typeof payloadOf>) => (base ? api.update(base.id, { ...base, ...body, version: base.version }) : api.create(body).then((a) => ({ kind: 'saved' as const, appointment: a }))),
    invalidates: [calendarKeys.all],
  });

  const form = useForm<AppointmentFormValues, ReturnType<typeof payloadOf>>({
    initial: () => {
      if (editing) return formValuesOf(editing, zone);
      const fresh = newFormValues(start!, zone, me ? String(me.id) : '');
      return preset ? presetValues(fresh, preset) : fresh;
    },
    validate: (values) => validateWith(AppointmentRequest, payloadOf(values, zone)) as never,
    onSubmit: async (_checked, values) => {
      const result = await save.mutateAsync(payloadOf(values, zone));
      if (result.kind === 'conflict') {
        setBase(result.appointment);
        setLabels((old) => new Map([...old, ...labelsOf(result.appointment)]));
        form.reset(formValuesOf(result.appointment, zone));
        form.setErrors({}, MESSAGES.appointments.conflict);
        return;
      }
      toast.success(base ? MESSAGES.appointments.updated : MESSAGES.appointments.created);
      onSaved?.(result.appointment);
      onClose();
    },
    onError: (error) => ({ formError: serverMessage(error, 'The appointment could not be saved. Please try again.') }),
  });
  const values = form.values;

  // The end follows a moved start, keeping the length (as the server does for a start sent alone).
  const setStart = (text: string) => {
    const oldStart = fromLocalInput(values.starts_at, zone);
    const oldEnd = fromLocalInput(values.ends_at, zone);
    const next = fromLocalInput(text, zone);
    form.setValue('starts_at', text);
    if (oldStart && oldEnd && next) form.setValue('ends_at', localInput(new Date(Date.parse(next) + Date.parse(oldEnd) - Date.parse(oldStart)).toISOString(), zone));
  };

  const startIso = fromLocalInput(values.starts_at, zone);
  const endIso = fromLocalInput(values.ends_at, zone);
  const isVisit = values.kind === 'site_visit';
  const question =
    startIso && endIso && Date.parse(endIso) > Date.parse(startIso)
      ? {
          agent_id: values.agent_id || undefined,
          property_ids: isVisit ? values.property_ids : [],
          lead_id: values.lead_id || undefined,
          starts_at: startIso,
          ends_at: endIso,
          except_id: base ? String(base.id) : undefined,
        }
      : null;
  const clashes = useQuery(question ? calendarKeys.clashes(question) : null, (signal) => api.clashes(question!, signal));
  const sentences = (question ? (clashes.data ?? []) : []).flatMap((c) => clashSentences(c, zone, labelOf('property')));

  const peopleChoices: Choice[] = people.data ?? (me ? [{ value: String(me.id), label: me.name ?? 'Me' }] : []);
  const agentChoices = values.agent_id && !peopleChoices.some((c) => c.value === values.agent_id)
    ? [{ value: values.agent_id, label: labelOf('person')(values.agent_id) }, ...peopleChoices]
    : peopleChoices;
  const title = base ? 'Edit appointment' : 'New appointment';
  const zoneHint = `Times in ${zone}`;

  return (
    <FormModal form={form} title={title} submitLabel={base ? 'Save Changes' : 'Save'} busyLabel="Saving..." width={720} onClose={onClose} formClassName={s.formGrid}>
      {form.formError && (
        <p className={`${s.error} wide`} role="alert">
          {form.formError}
        </p>
      )}
      <SelectField label="Kind" required options={APPOINTMENT_KINDS.map((k) => ({ value: k, label: APPOINTMENT_KIND_LABELS[k] }))} {...form.field('kind')} />
      <TextField label="Title" placeholder="Optional" {...form.field('title')} />
      <SearchSelect
        label="Lead"
        required={values.kind !== 'meeting'}
        placeholder="Search leads by name, e-mail or phone"
        fieldClassName="wide"
        search={api.searchLeads}
        labelOf={labelOf('lead')}
        onPick={remember('lead')}
        {...form.field('lead_id')}
      />
      {isVisit && (
        <SearchSelect
          label="Properties"
          required
          placeholder="Search properties by title or address"
          fieldClassName="wide"
          search={api.searchProperties}
          labelOf={labelOf('property')}
          onPick={remember('property')}
          {...form.field('property_ids')}
        />
      )}
      <TextField label="Start" type="datetime-local" required hint={zoneHint} {...form.field('starts_at')} onChange={(e) => setStart(e.target.value)} />
      <TextField label="End" type="datetime-local" hint={zoneHint} {...form.field('ends_at')} />
      <SelectField label="Agent" options={agentChoices} disabled={!canListPeople} {...form.field('agent_id')} />
      <SelectField label="Reminder" options={REMINDER_CHOICES} {...form.field('reminder_minutes')} />
      {base && <SelectField label="Status" options={APPOINTMENT_STATUSES.map((k) => ({ value: k, label: APPOINTMENT_STATUS_LABELS[k] }))} {...form.field('status')} />}
      {canListPeople && (
        <SearchSelect
          label="Invitees"
          placeholder="Add people of the company"
          fieldClassName="wide"
          choices={peopleChoices}
          labelOf={labelOf('person')}
          onPick={remember('person')}
          {...form.field('invitee_ids')}
        />
      )}
      <TextField label="Place" placeholder={isVisit ? "The first property's address" : 'Optional'} fieldClassName="wide" {...form.field('place')} />
      <TextArea label="Note" rows={3} fieldClassName="wide" {...form.field('note')} />
      {sentences.length > 0 && (
        <div className={`${s.notice} wide`} role="status">
          <strong>This time clashes with other appointments</strong> (you can still save):
          <ul>
            {sentences.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
    </FormModal>
  );
}

export default AppointmentFormModal;
