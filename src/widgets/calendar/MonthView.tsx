/** The month view: six weeks of days, each with its first appointments and "+N more" (the day view). */
import type { MouseEvent, ReactElement } from 'react';
import { APPOINTMENT_STATUS_LABELS, type Appointment } from '../../contract/appointments';
import { cx } from '../../ui';
import { appointmentName, clockOf, dayName } from './calendarModel';
import { calendarStyles, kindColours } from './calendarStyles';
import { monthGrid, moreLabel, shortWeekdayName, type CalendarDate, type ViewRange } from './model';

export interface MonthViewProps {
  range: ViewRange;
  appointments: readonly Appointment[];
  zone: string;
  onOpen(appointment: Appointment): void;
  onShowDay(date: CalendarDate): void;
  /** A click on a day's empty space (pointer only: the keyboard has New appointment). */
  onCreateOn?(date: CalendarDate): void;
}

export function MonthView({ range, appointments, zone, onOpen, onShowDay, onCreateOn }: MonthViewProps): ReactElement {
  const s = calendarStyles();
  const weeks = monthGrid(appointments, range, zone, { maxVisible: 3 });
  const emptyClick = (date: CalendarDate) => (event: MouseEvent) => {
    if (event.target === event.currentTarget) onCreateOn?.(date);
  };
  return (
    <div className={s.month}>
      <div aria-hidden="true" style={{ display: 'contents' }}>
        {[1, 2, 3, 4, 5, 6, 7].map((d) => (
          <div key={d} className={s.weekday}>
            {shortWeekdayName(d)}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]!.key} style={{ display: 'contents' }}>
          {week.map((day) => (
            <div key={day.key} className={cx(s.cell, !day.inMonth && s.outside)} onClick={emptyClick(day.date)} data-date={day.key}>
              <button
                type="button"
                className={cx(s.dayNumber, day.isToday && s.today)}
                onClick={() => onShowDay(day.date)}
                aria-label={`${dayName(day.date)}${day.appointments.length ? `, ${day.appointments.length} appointment${day.appointments.length === 1 ? '' : 's'}` : ''}`}
                aria-current={day.isToday ? 'date' : undefined}
              >
                {day.date.day}
              </button>
              {day.visible.map((piece) => {
                const a = piece.appointment;
                return (
                  <button
                    key={String(a.id)}
                    type="button"
                    className={cx(s.chip, a.status === 'cancelled' && s.cancelled)}
                    style={kindColours(a.kind, a.status)}
                    onClick={() => onOpen(a)}
                    title={`${piece.continuesBefore ? '' : `${clockOf(a.starts_at, zone)} `}${appointmentName(a)} (${APPOINTMENT_STATUS_LABELS[a.status]})`}
                  >
                    {!piece.continuesBefore && `${clockOf(a.starts_at, zone)} `}
                    {appointmentName(a)}
                  </button>
                );
              })}
              {day.more > 0 && (
                <button type="button" className={s.more} onClick={() => onShowDay(day.date)}>
                  {moreLabel(day.more)}
                </button>
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
