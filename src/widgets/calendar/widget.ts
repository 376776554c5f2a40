/**
 * The calendar's descriptor, apart from its screen code: the embed registry and the app import
 * this and load the widget's chunk only when it is shown.
 */
import { PERMISSIONS } from '../../contract/permissions';
import { lazyComponent } from '../../runtime/lazyComponent';
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { CalendarProps } from './Calendar';
import type { ScheduleVisitProps } from './ScheduleVisit';

export const CALENDAR_SCREENS = defineScreens({
  calendar: {
    path: '/calendar',
    title: 'Calendar',
    access: { permission: PERMISSIONS.eventRead },
    nav: { icon: 'calendar', order: 50 },
  },
});

/**
 * `calendar`: /calendar, the company's site visits, follow-ups and meetings by month, week, day
 * or as an agenda, in the company's time zone; add, edit, move and mark done. Also mountable
 * alone (`<div data-estatedesk-widget="calendar">`). An agent needs event-read to see it; adding,
 * editing and deleting follow event-create, event-edit and event-delete.
 *
 * @example
 * EstateDesk.mount(document.getElementById('calendar'), 'calendar');
 */
export const calendarWidget = defineWidget<CalendarProps>({
  name: 'calendar',
  title: 'Calendar',
  load: () => import('./Calendar'),
  screens: CALENDAR_SCREENS,
});

/**
 * The calendar's New appointment form as a site visit pre-filled from a lead or a property, for
 * other widgets' "Schedule visit" (the leads board, a property's details): widgets never import
 * each other's code, so they open the calendar's one form through its declaration, and its chunk
 * loads only when someone schedules (an agent needs event-create to save it).
 *
 * @example
 * <Suspense fallback={null}><scheduleVisitForm.Component property={{ id: 5, name: 'Sea View Villa' }} onClose={close} /></Suspense>
 */
export const scheduleVisitForm = lazyComponent<ScheduleVisitProps>(() => import('./ScheduleVisit'));
