/** The agenda: the range's days that have appointments, each with them in order. */
import type { ReactElement } from 'react';
import { APPOINTMENT_KIND_LABELS, APPOINTMENT_STATUS_LABELS, type Appointment } from '../../contract/appointments';
import { cx } from '../../ui';
import { appointmentName, clockOf, dayName, timeRange } from './calendarModel';
import { calendarStyles, kindColours } from './calendarStyles';
import { agendaDays, type ViewRange } from './model';

export interface AgendaViewProps {
  range: ViewRange;
  appointments: readonly Appointment[];
  zone: string;
  onOpen(appointment: Appointment): void;
}

/** Null when the range has no appointment (the page shows its empty state). */
export function AgendaView({ range, appointments, zone, onOpen }: AgendaViewProps): ReactElement | null {
  const s = calendarStyles();
  const days = agendaDays(appointments, range, zone);
  if (days.length === 0) return null;
  return (
    <div>
      {days.map((day) => (
        <section key={day.key} className={s.agendaDay} aria-labelledby={`agenda-${day.key}`}>
          <h3 id={`agenda-${day.key}`} className={s.agendaDate}>
            {dayName(day.date)}
            {day.isToday && <span className={s.sub}>Today</span>}
          </h3>
          <ul className={s.agendaList}>
            {day.items.map((piece) => {
              const a = piece.appointment;
              const people = [a.lead?.name, ...a.properties.map((p) => p.title)].filter(Boolean).join(' · ');
              return (
                <li key={String(a.id)}>
                  <button type="button" className={s.agendaItem} style={{ color: kindColours(a.kind, a.status).color }} onClick={() => onOpen(a)}>
                    <span className={s.agendaTime}>{piece.continuesBefore ? `until ${clockOf(a.ends_at, zone)}` : timeRange(a, zone)}</span>
                    <span className={cx(a.status === 'cancelled' && s.cancelled)}>
                      <strong>{appointmentName(a)}</strong>
                      <span className={s.sub}>
                        {APPOINTMENT_KIND_LABELS[a.kind]}
                        {people && ` · ${people}`}
                        {a.agent?.name && ` · ${a.agent.name}`}
                      </span>
                    </span>
                    <span className={s.status}>{APPOINTMENT_STATUS_LABELS[a.status]}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
