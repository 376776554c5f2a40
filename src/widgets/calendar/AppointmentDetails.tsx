/** One appointment's facts and what may be done with it: edit, mark done, cancel, delete. */
import type { ReactElement } from 'react';
import { APPOINTMENT_KIND_LABELS, APPOINTMENT_STATUS_LABELS, type Appointment } from '../../contract/appointments';
import { Button, Modal } from '../../ui';
import { appointmentName, dayName, timeRange } from './calendarModel';
import { calendarStyles } from './calendarStyles';
import { dateIn, instantOf } from './model';

export interface AppointmentDetailsProps {
  appointment: Appointment | null;
  zone: string;
  canEdit: boolean;
  canDelete: boolean;
  onClose(): void;
  onEdit(appointment: Appointment): void;
  onMarkDone(appointment: Appointment): void;
  onCancelAppointment(appointment: Appointment): void;
  onDelete(appointment: Appointment): void;
}

export function AppointmentDetails({ appointment: a, zone, canEdit, canDelete, onClose, onEdit, onMarkDone, onCancelAppointment, onDelete }: AppointmentDetailsProps): ReactElement | null {
  const s = calendarStyles();
  if (!a) return null;
  const open = a.status !== 'done' && a.status !== 'cancelled';
  const facts: Array<[string, string | null | undefined]> = [
    ['When', `${dayName(dateIn(instantOf(a.starts_at), zone))}, ${timeRange(a, zone)}`],
    ['Kind', APPOINTMENT_KIND_LABELS[a.kind]],
    ['Status', APPOINTMENT_STATUS_LABELS[a.status]],
    ['Lead', a.lead?.name],
    ['Properties', a.properties.map((p) => p.title || p.address || `Property #${p.id}`).join(', ')],
    ['Agent', a.agent?.name],
    ['Invitees', a.invitees.map((p) => p.name).filter(Boolean).join(', ')],
    ['Place', a.place],
    ['Note', a.note],
    ['Outcome', a.outcome],
    ...a.feedback
      .filter((f) => f.feedback)
      .map((f): [string, string | null | undefined] => [`Feedback: ${a.properties.find((p) => String(p.id) === String(f.property_id))?.title ?? `#${f.property_id}`}`, f.feedback]),
  ];
  return (
    <Modal
      open
      onClose={onClose}
      title={appointmentName(a)}
      width={560}
      footer={
        <div className={s.actions}>
          {canDelete && (
            <Button variant="danger" onClick={() => onDelete(a)}>
              Delete
            </Button>
          )}
          {canEdit && open && (
            <Button variant="secondary" onClick={() => onCancelAppointment(a)}>
              Cancel appointment
            </Button>
          )}
          {canEdit && open && (
            <Button variant="secondary" onClick={() => onMarkDone(a)}>
              Mark done
            </Button>
          )}
          {canEdit && <Button onClick={() => onEdit(a)}>Edit</Button>}
        </div>
      }
    >
      <dl className={s.facts}>
        {facts
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </Modal>
  );
}
