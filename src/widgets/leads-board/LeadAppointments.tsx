/**
 * A lead's next appointment on the board and "Schedule visit" (docs/server-resources.md,
 * "Calendar"): a row's line (kind and start on the company's wall clock, the date in the person's
 * format), one quiet notice below the table when the page's appointments could not be loaded,
 * Edit Lead's bar, and the calendar's New appointment form pre-filled with the lead and its
 * agent. A lazy chunk: the board's first load carries none of it, and every row of a page shares
 * one request (`nextAppointmentsKey`). Reading needs event-read, scheduling event-create; the
 * callers check both (`useCan`).
 */
import { Suspense, useState, type ReactElement } from 'react';
import { PERMISSIONS } from '../../contract/permissions';
import type { Lead } from '../../contract';
import { useCan, useQuery } from '../../runtime';
import { usePreferences } from '../../runtime/usePreferences';
import { Button } from '../../ui';
import { scheduleVisitForm } from '../calendar/widget';
import { appointmentStyles } from './appointmentStyles';
import { idKey, leadName } from './leadsModel';
import { useNextAppointmentsApi } from './nextAppointmentsApi';
import { agentOfLead, nextAppointmentsKey, nextAppointmentText } from './nextAppointmentModel';

export const NEXT_TEXT = {
  failed: 'Next appointments could not be loaded.',
  oneFailed: 'The next appointment could not be loaded.',
  none: 'No upcoming appointment',
  loading: 'Loading next appointment...',
  schedule: 'Schedule visit',
} as const;

/** The next appointments of `leadIds` (null: not asked, e.g. without event-read). */
function useNextAppointments(leadIds: readonly string[] | null) {
  const api = useNextAppointmentsApi();
  return useQuery(leadIds?.length ? nextAppointmentsKey(leadIds) : null, (signal) => api.next(leadIds!, signal));
}

/** A row's line: "Next: Site visit · 05/12/2026, 10:30"; nothing while loading, without one, or on failure. */
export function NextAppointmentLine({ leadId, pageIds }: { leadId: Lead['id']; pageIds: readonly string[] }): ReactElement | null {
  const next = useNextAppointments(pageIds);
  const { date_format } = usePreferences();
  const appointment = next.data?.byLead.get(idKey(leadId));
  if (!appointment) return null;
  return <>Next: {nextAppointmentText(appointment, next.data!.timeZone, date_format)}</>;
}

/** Said once below the table when the page's next appointments failed; the board stays as it is. */
export function NextAppointmentsNotice({ pageIds }: { pageIds: readonly string[] }): ReactElement | null {
  const next = useNextAppointments(pageIds);
  if (next.status !== 'error') return null;
  return (
    <p className={appointmentStyles().notice} role="status">
      {NEXT_TEXT.failed}{' '}
      <Button variant="link" onClick={next.refetch}>
        Try again
      </Button>
    </p>
  );
}

export interface ScheduleVisitFromLeadProps {
  lead: Pick<Lead, 'id' | 'name' | 'first_name' | 'last_name'>;
  /** The leads whose next appointments are on screen with it (the page), so the answer is shared. */
  shownIds?: readonly string[];
  onClose(): void;
}

/**
 * The calendar's New appointment form as a site visit of `lead`, run by the agent of the lead's
 * next appointment where there is one, in the company's time zone. Waits for that answer when it
 * is still on its way (a moment at most: the row shows it already).
 */
export function ScheduleVisitFromLead({ lead, shownIds, onClose }: ScheduleVisitFromLeadProps): ReactElement | null {
  const canRead = useCan(PERMISSIONS.eventRead).allowed;
  const id = idKey(lead.id);
  const next = useNextAppointments(canRead ? (shownIds?.includes(id) ? shownIds : [id]) : null);
  if (next.loading) return null;
  const ofLead = next.data?.byLead.get(id);
  return (
    <scheduleVisitForm.Component
      lead={{ id, name: leadName(lead) || `Lead #${id}` }}
      agent={agentOfLead(ofLead)}
      zone={next.data?.timeZone}
      onClose={onClose}
    />
  );
}

/** Edit Lead's bar: the lead's next appointment (event-read) and "Schedule visit" (event-create). */
export function LeadNextAppointment({ lead }: { lead: Pick<Lead, 'id' | 'name' | 'first_name' | 'last_name'> }): ReactElement | null {
  const canRead = useCan(PERMISSIONS.eventRead).allowed;
  const canSchedule = useCan(PERMISSIONS.eventCreate).allowed;
  const [scheduling, setScheduling] = useState(false);
  const id = idKey(lead.id);
  const next = useNextAppointments(canRead ? [id] : null);
  const { date_format } = usePreferences();
  const s = appointmentStyles();
  if (!canRead && !canSchedule) return null;
  const appointment = next.data?.byLead.get(id);
  let text: string | null = null;
  if (canRead) {
    if (next.loading) text = NEXT_TEXT.loading;
    else if (next.status === 'error') text = NEXT_TEXT.oneFailed;
    else text = appointment ? nextAppointmentText(appointment, next.data!.timeZone, date_format) : NEXT_TEXT.none;
  }
  const agent = appointment?.agent?.name?.trim();
  return (
    <div className={s.bar} role="group" aria-label="Appointments">
      {text !== null && (
        <div aria-live="polite">
          <span className={s.label}>Next appointment</span>
          {text}
          {agent ? ` with ${agent}` : ''}
        </div>
      )}
      {canSchedule && (
        <Button size="sm" variant="secondary" onClick={() => setScheduling(true)} onPointerEnter={() => void scheduleVisitForm.preload().catch(() => {})}>
          {NEXT_TEXT.schedule}
        </Button>
      )}
      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleVisitFromLead lead={lead} onClose={() => setScheduling(false)} />
        </Suspense>
      )}
    </div>
  );
}
