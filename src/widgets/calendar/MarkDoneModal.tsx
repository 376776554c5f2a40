/**
 * Mark done: the outcome and, for a site visit, each property's feedback; saved with the version.
 * A site visit with a lead then asks (never silently) whether to move the lead's status. Saying
 * it was saved is the caller's: when that question follows, it says so itself ("The site visit is
 * done"), and a toast would cover its title on a phone.
 */
import { useState, type ReactElement } from 'react';
import type { Appointment } from '../../contract/appointments';
import { MESSAGES } from '../../contract/messages';
import { serverMessage } from '../../core';
import { useMutation } from '../../runtime';
import { FormModal, TextArea, useForm } from '../../ui';
import type { CalendarApi } from './calendarApi';
import { calendarKeys } from './calendarModel';
import { calendarStyles } from './calendarStyles';

export interface MarkDoneModalProps {
  api: CalendarApi;
  appointment: Appointment;
  onClose(): void;
  /** Saved as done: the appointment as the server answered it (no toast said yet). */
  onDone(appointment: Appointment): void;
}

type Values = Record<string, string>;

export function MarkDoneModal({ api, appointment, onClose, onDone }: MarkDoneModalProps): ReactElement {
  const s = calendarStyles();
  const [base, setBase] = useState(appointment);
  const properties = appointment.kind === 'site_visit' ? appointment.properties : [];
  const save = useMutation({ mutate: (body: Appointment) => api.update(body.id, body), invalidates: [calendarKeys.all] });
  const form = useForm<Values>({
    initial: () => ({
      outcome: appointment.outcome ?? '',
      ...Object.fromEntries(properties.map((p) => [`feedback.${p.id}`, appointment.feedback.find((f) => String(f.property_id) === String(p.id))?.feedback ?? ''])),
    }),
    onSubmit: async (values) => {
      const feedback = properties.map((p) => ({ property_id: Number(p.id), feedback: values[`feedback.${p.id}`]?.trim() || null }));
      const result = await save.mutateAsync({ ...base, status: 'done', outcome: values.outcome!.trim() || null, feedback });
      if (result.kind === 'conflict') {
        setBase(result.appointment);
        form.setErrors({}, MESSAGES.appointments.conflict);
        return;
      }
      onDone(result.appointment);
    },
    onError: (error) => ({ formError: serverMessage(error, 'The appointment could not be saved. Please try again.') }),
  });
  return (
    <FormModal form={form} title="Mark done" submitLabel="Mark done" busyLabel="Saving..." width={560} onClose={onClose} formClassName={s.formGrid}>
      {form.formError && (
        <p className={`${s.error} wide`} role="alert">
          {form.formError}
        </p>
      )}
      <TextArea label="Outcome" rows={3} fieldClassName="wide" placeholder="How did it go? What happens next?" {...form.field('outcome')} />
      {properties.map((p) => (
        <TextArea
          key={String(p.id)}
          label={`Feedback on ${p.title || p.address || `property #${p.id}`}`}
          rows={2}
          fieldClassName="wide"
          {...form.field(`feedback.${p.id}`)}
        />
      ))}
    </FormModal>
  );
}

export default MarkDoneModal;
