/**
 * Beyond the original description, on a property's details: its upcoming visits (GET
 * /properties/{id}/appointments?upcoming=1 — not over, not cancelled, soonest first), each with
 * its start on the company's wall clock in the person's date format, its lead, agent and status,
 * and "Schedule visit": the calendar's New appointment form as a site visit of this property
 * (loaded on use through the calendar's declaration). The list needs event-read, the button
 * event-create (docs/product/roles.md); with neither the panel is not there and nothing is asked.
 */
import { Suspense, useState, type ReactElement } from 'react';
import { APPOINTMENT_STATUS_LABELS, PERMISSIONS, type Appointment, type Property } from '../../contract';
import { formatDateTimeIn } from '../../core/zonedFormat';
import { useCan, useQuery } from '../../runtime';
import { usePreferences } from '../../runtime/usePreferences';
import { Badge, Button, LoadingState } from '../../ui';
import { scheduleVisitForm } from '../calendar/widget';
import { usePropertiesApi } from './propertiesApi';
import { idKey, propertyKeys } from './propertiesModel';
import { propertyStyles } from './propertyStyles';

export const VISITS_TEXT = {
  heading: 'Upcoming visits',
  none: 'No upcoming visits',
  failed: 'Upcoming visits could not be loaded.',
  loading: 'Loading visits...',
  schedule: 'Schedule visit',
  /** "and 3 more" below the first few. */
  more: (n: number) => `and ${n} more in the calendar`,
} as const;

/** How many visits the panel lists; the calendar has them all. */
const SHOWN = 5;

const preloadForm = () => void scheduleVisitForm.preload().catch(() => {});

function VisitItem({ visit, zone }: { visit: Appointment; zone: string }): ReactElement {
  const s = propertyStyles();
  const { date_format } = usePreferences();
  const lead = visit.lead?.name?.trim();
  const agent = visit.agent?.name?.trim();
  return (
    <li>
      <div className={s.leadTop}>
        <span className={s.visitTime}>{formatDateTimeIn(visit.starts_at, date_format, zone)}</span>
        <Badge colour={visit.status === 'confirmed' ? 'green' : 'grey'}>{APPOINTMENT_STATUS_LABELS[visit.status]}</Badge>
      </div>
      <div className={s.meta}>
        {lead ? <span>Lead: {lead}</span> : null}
        {agent ? <span>Agent: {agent}</span> : null}
      </div>
    </li>
  );
}

function VisitsList({ property }: { property: Property }): ReactElement {
  const api = usePropertiesApi();
  const s = propertyStyles();
  const result = useQuery(propertyKeys.visits(property.id), (signal) => api.upcomingVisits(property.id, signal));
  if (result.loading) return <LoadingState label={VISITS_TEXT.loading} size="inline" />;
  if (result.status === 'error' || !result.data) {
    return (
      <p className={s.visitsNote} role="status">
        {VISITS_TEXT.failed}{' '}
        <Button size="sm" variant="link" onClick={result.refetch}>
          Try again
        </Button>
      </p>
    );
  }
  const { visits, timeZone } = result.data;
  if (!visits.length) return <p className={s.text}>{VISITS_TEXT.none}</p>;
  return (
    <>
      <ul className={s.leads} aria-label={VISITS_TEXT.heading}>
        {visits.slice(0, SHOWN).map((visit) => (
          <VisitItem key={String(visit.id)} visit={visit} zone={timeZone} />
        ))}
      </ul>
      {visits.length > SHOWN && <p className={s.leadsSummary}>{VISITS_TEXT.more(visits.length - SHOWN)}</p>}
      <p className={s.leadsSummary}>Times in {timeZone}</p>
    </>
  );
}

export function UpcomingVisits({ property }: { property: Property }): ReactElement | null {
  const canRead = useCan(PERMISSIONS.eventRead).allowed;
  const canSchedule = useCan(PERMISSIONS.eventCreate).allowed;
  const [scheduling, setScheduling] = useState(false);
  const s = propertyStyles();
  if (!canRead && !canSchedule) return null;
  const id = idKey(property.id);
  const name = property.title?.trim() || property.address?.trim() || `Property #${id}`;
  return (
    <section className={s.panel} aria-labelledby="upcoming-visits-heading">
      <div className={s.visitsHeader}>
        <h3 id="upcoming-visits-heading" className={s.section}>
          {VISITS_TEXT.heading}
        </h3>
        {canSchedule && (
          <Button size="sm" variant="secondary" onClick={() => setScheduling(true)} onPointerEnter={preloadForm} onFocus={preloadForm}>
            {VISITS_TEXT.schedule}
          </Button>
        )}
      </div>
      {canRead && <VisitsList property={property} />}
      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleFromProperty property={{ id, name }} zoneKnown={canRead} onClose={() => setScheduling(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** The form, in the company's zone when the visits' answer named it. */
function ScheduleFromProperty({ property, zoneKnown, onClose }: { property: { id: string; name: string }; zoneKnown: boolean; onClose(): void }): ReactElement {
  const api = usePropertiesApi();
  // The list above asked already (same key): no second request.
  const visits = useQuery(zoneKnown ? propertyKeys.visits(property.id) : null, (signal) => api.upcomingVisits(property.id, signal));
  return <scheduleVisitForm.Component property={property} zone={visits.data?.timeZone} onClose={onClose} />;
}
