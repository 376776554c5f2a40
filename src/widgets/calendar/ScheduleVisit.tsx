/**
 * "Schedule visit" from another widget (a lead's row or Edit Lead on the leads board, a property's
 * details): the calendar's own New appointment form — one form, not a copy — opened as a site
 * visit pre-filled with the lead or the property and the agent, starting at the next whole hour
 * in the company's time zone, with the clash check as in the calendar. Other widgets load it
 * through the calendar's declaration (`scheduleVisitForm` in `widget.ts`), on use.
 */
import type { ReactElement } from 'react';
import { DEFAULT_TIME_ZONE, type Appointment } from '../../contract/appointments';
import { AppointmentFormModal } from './AppointmentFormModal';
import { useCalendarApi } from './calendarApi';
import { nextHourIso, type AppointmentPreset } from './calendarModel';
import { isKnownTimeZone } from './model';

export interface ScheduleVisitProps extends AppointmentPreset {
  /** The company's time zone, as the caller's answer named it (`time_zone`); Asia/Kolkata when unknown. */
  zone?: string | null;
  onClose(): void;
  /** Told of the saved visit (every appointment query of the runtime reloads by itself). */
  onSaved?(appointment: Appointment): void;
}

/**
 * @example
 * <Suspense fallback={null}>
 *   <scheduleVisitForm.Component lead={{ id: 7, name: 'Asha Verma' }} zone="Asia/Kolkata" onClose={close} />
 * </Suspense>
 */
export function ScheduleVisit({ zone, onClose, onSaved, ...preset }: ScheduleVisitProps): ReactElement {
  const api = useCalendarApi();
  const shown = zone && isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  return <AppointmentFormModal api={api} zone={shown} editing={null} start={nextHourIso(shown)} preset={preset} onClose={onClose} onSaved={onSaved} />;
}

export default ScheduleVisit;
