/**
 * The board's handles on `LeadAppointments.tsx`, one lazy chunk for the rows' next appointments,
 * the notice and "Schedule visit" (which then loads the calendar's form on use). The board starts
 * its download with the page's list, so the lines fill in as soon as their one request answers.
 */
import { lazyComponent } from '../../runtime/lazyComponent';

const load = () => import('./LeadAppointments');

export const nextAppointmentLine = lazyComponent(() => load().then((m) => ({ default: m.NextAppointmentLine })));
export const nextAppointmentsNotice = lazyComponent(() => load().then((m) => ({ default: m.NextAppointmentsNotice })));
export const scheduleVisitFromLead = lazyComponent(() => load().then((m) => ({ default: m.ScheduleVisitFromLead })));
