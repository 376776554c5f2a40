/**
 * `estatedesk/widgets/calendar`: the Calendar (month, week, day and agenda views of the company's
 * appointments) for React hosts. The same wrapped widget as the package root's `Calendar`, inside
 * an `<EstateDeskProvider>`.
 *
 * @example
 * import { EstateDeskProvider } from 'estatedesk';
 * import { Calendar } from 'estatedesk/widgets/calendar';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><Calendar /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { calendarWidget } from './widget';

export { calendarWidget };
export type { CalendarProps } from './Calendar';

/** The Calendar: the company's appointments by month, week, day or as an agenda. */
export const Calendar = /* @__PURE__ */ widgetComponent(calendarWidget);
