/**
 * The Calendar (/calendar): the company's site visits, follow-ups and meetings by month, week,
 * day or as an agenda, drawn on the company's wall clock (the list answer's `time_zone`), with
 * filters by agent, kind and status. New appointment and a click on an empty slot open the form;
 * an appointment opens its details (edit, mark done, cancel, delete); in the week and day views
 * it is dragged or moved by the keyboard. Who may do what follows event-create, -edit, -delete.
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { DEFAULT_TIME_ZONE, type Appointment } from '../../contract/appointments';
import { MESSAGES } from '../../contract/messages';
import { PERMISSIONS } from '../../contract/permissions';
import { serverMessage } from '../../core';
import { useCan, useMutation, useQuery, useToast } from '../../runtime';
import { lazyComponent } from '../../runtime/lazyComponent';
import { Button, ConfirmDialog, cx, EmptyState, ErrorState, Icon, LoadingState } from '../../ui';
import { AgendaView } from './AgendaView';
import { AppointmentDetails } from './AppointmentDetails';
import { useCalendarApi } from './calendarApi';
import { agentsOf, appointmentName, calendarKeys, nextHourIso } from './calendarModel';
import { calendarStyles } from './calendarStyles';
import { CalendarToolbar } from './CalendarToolbar';
import {
  filterAppointments,
  fromWallClock,
  isKnownTimeZone,
  isoOf,
  rangeTitle,
  stepAnchor,
  todayAnchor,
  viewRange,
  type CalendarDate,
  type CalendarFilter,
  type CalendarView,
} from './model';
import { MonthView } from './MonthView';
import { TimeGridView } from './TimeGridView';
import { useMoveAppointment } from './useMoveAppointment';

const formModal = lazyComponent(() => import('./AppointmentFormModal'));
const markDoneModal = lazyComponent(() => import('./MarkDoneModal'));
const leadStatusDialog = lazyComponent(() => import('./LeadStatusDialog'));

export interface CalendarProps {
  /** Extra class on the widget's root. */
  className?: string;
  /** The view it opens with (default: Week, or Agenda on a narrow screen). */
  initialView?: CalendarView;
}

const FETCH_FAILED = 'Error fetching appointments';

type Form = { editing: Appointment | null; start?: string } | null;
type Confirm = { action: 'cancel' | 'delete'; appointment: Appointment } | null;

const firstView = (): CalendarView =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 560px)').matches ? 'agenda' : 'week';

/**
 * @example
 * <RuntimeProvider runtime={runtime}><Calendar /></RuntimeProvider>
 */
// An agent without event-read never gets here: the screen's declaration (widget.ts) says so.
export function Calendar({ className, initialView }: CalendarProps): ReactElement {
  const s = calendarStyles();
  const api = useCalendarApi();
  const toast = useToast();
  const canCreate = useCan(PERMISSIONS.eventCreate).allowed;
  const canEdit = useCan(PERMISSIONS.eventEdit).allowed;
  const canDelete = useCan(PERMISSIONS.eventDelete).allowed;
  const canMoveLead = useCan(PERMISSIONS.leadEdit).allowed;

  const [zone, setZone] = useState(DEFAULT_TIME_ZONE);
  const [view, setView] = useState<CalendarView>(() => initialView ?? firstView());
  const [anchor, setAnchor] = useState<CalendarDate>(() => todayAnchor(DEFAULT_TIME_ZONE));
  const [filter, setFilter] = useState<CalendarFilter>({});
  const range = useMemo(() => viewRange(view, anchor, zone), [view, anchor, zone]);
  const from = isoOf(range.start);
  const to = isoOf(range.end);
  const list = useQuery(calendarKeys.range(from, to), (signal) => api.range(from, to, signal), {
    onError: () => toast.error(FETCH_FAILED),
  });

  // The company's zone arrives with the first answer; the range is measured again in it.
  useEffect(() => {
    const answered = list.data?.timeZone;
    if (answered && answered !== zone && isKnownTimeZone(answered)) {
      setZone(answered);
      setAnchor(todayAnchor(answered));
    }
  }, [list.data?.timeZone]);

  // The last range stays drawn while the next loads (no flash of "Loading").
  const shownRef = useRef<Appointment[] | null>(null);
  if (list.data) shownRef.current = list.data.appointments;
  const all = list.data?.appointments ?? shownRef.current;
  const shown = useMemo(() => (all ? filterAppointments(all, filter) : null), [all, filter]);
  const agents = useMemo(() => agentsOf(all ?? []), [all]);

  const [detailsId, setDetailsId] = useState<string | null>(null);
  const details = detailsId ? (all?.find((a) => String(a.id) === detailsId) ?? null) : null;
  const [form, setForm] = useState<Form>(null);
  const [markDone, setMarkDone] = useState<Appointment | null>(null);
  const [askLead, setAskLead] = useState<Appointment | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { move, announcement } = useMoveAppointment(api, zone);

  const open = useCallback((a: Appointment) => setDetailsId(String(a.id)), []);
  const showDay = useCallback((date: CalendarDate) => {
    setAnchor(date);
    setView('day');
  }, []);
  const createAt = canCreate ? (start: string) => setForm({ editing: null, start }) : undefined;
  const createOn = canCreate
    ? (date: CalendarDate) => setForm({ editing: null, start: isoOf(fromWallClock({ ...date, hour: 10, minute: 0, second: 0 }, zone)) })
    : undefined;

  const act = useMutation({
    mutate: async ({ action, appointment }: NonNullable<Confirm>) => {
      if (action === 'delete') return api.remove(appointment.id).then(() => null);
      return api.update(appointment.id, { ...appointment, status: 'cancelled' });
    },
    invalidates: [calendarKeys.all],
    onSuccess: (result, { action }) => {
      setConfirm(null);
      setDetailsId(null);
      if (result && result.kind === 'conflict') toast.error(MESSAGES.appointments.conflict);
      else toast.success(action === 'delete' ? MESSAGES.appointments.deleted : MESSAGES.appointments.updated);
    },
  });

  let body: ReactElement;
  if (list.status === 'error' && !all) {
    body = <ErrorState message={FETCH_FAILED} onRetry={list.refetch} />;
  } else if (!shown) {
    body = <LoadingState label="Loading appointments..." />;
  } else if (view === 'month') {
    body = <MonthView range={range} appointments={shown} zone={zone} onOpen={open} onShowDay={showDay} onCreateOn={createOn} />;
  } else if (view === 'agenda') {
    body = <AgendaView range={range} appointments={shown} zone={zone} onOpen={open} />;
  } else {
    body = (
      <TimeGridView range={range} appointments={shown} zone={zone} canEdit={canEdit} onOpen={open} onShowDay={showDay} onCreateAt={createAt} onMove={move} />
    );
  }
  const nothing = shown !== null && !shown.some((a) => Date.parse(a.ends_at) > range.start && Date.parse(a.starts_at) < range.end);
  const nothingText = `Nothing is planned in ${rangeTitle(range)}${all?.length ? ' that matches the filters' : ''}.`;

  return (
    <div className={cx(s.page, className)}>
      <div className={s.header}>
        <h2 className={s.heading}>Calendar</h2>
        {canCreate && (
          <Button icon={<Icon name="plus" />} onClick={() => setForm({ editing: null, start: nextHourIso(zone) })}>
            New appointment
          </Button>
        )}
      </div>
      <div className={s.panel} style={{ display: 'grid', gap: 12 }}>
        <CalendarToolbar
          view={view}
          title={rangeTitle(range)}
          zone={zone}
          filter={filter}
          agents={agents}
          busy={list.fetching}
          onView={setView}
          onStep={(step) => setAnchor((a) => stepAnchor(view, a, step))}
          onToday={() => setAnchor(todayAnchor(zone))}
          onFilter={setFilter}
        />
        {list.status === 'error' && all && (
          <p className={s.error} role="alert">
            {FETCH_FAILED}. <Button variant="link" onClick={list.refetch}>Try again</Button>
          </p>
        )}
        {nothing && view === 'agenda' ? (
          <EmptyState title="No appointments" description={nothingText} icon="inbox" />
        ) : (
          <>
            {nothing && <p className={s.zone}>No appointments. {nothingText}</p>}
            {body}
          </>
        )}
      </div>
      <p className={s.live} aria-live="polite" role="status">
        {announcement}
      </p>
      <AppointmentDetails
        appointment={details}
        zone={zone}
        canEdit={canEdit}
        canDelete={canDelete}
        onClose={() => setDetailsId(null)}
        onEdit={(a) => {
          setDetailsId(null);
          setForm({ editing: a });
        }}
        onMarkDone={(a) => {
          setDetailsId(null);
          setMarkDone(a);
        }}
        onCancelAppointment={(a) => setConfirm({ action: 'cancel', appointment: a })}
        onDelete={(a) => setConfirm({ action: 'delete', appointment: a })}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === 'delete' ? 'Delete appointment?' : 'Cancel appointment?'}
        description={
          confirm && (
            <>
              {confirm.action === 'delete'
                ? `${appointmentName(confirm.appointment)} will be removed. The agent and invitees are told it is cancelled.`
                : `${appointmentName(confirm.appointment)} will be marked cancelled. The agent and invitees are told.`}
              {act.error != null && (
                <span className={s.error} role="alert" style={{ display: 'block', marginTop: 8 }}>
                  {serverMessage(act.error, 'The appointment could not be changed. Please try again.')}
                </span>
              )}
            </>
          )
        }
        confirmLabel={confirm?.action === 'delete' ? 'Delete' : 'Cancel appointment'}
        cancelLabel={confirm?.action === 'delete' ? 'Cancel' : 'Keep it'}
        busy={act.busy}
        busyLabel={confirm?.action === 'delete' ? 'Deleting...' : 'Saving...'}
        onConfirm={() => confirm && void act.mutate(confirm)}
        onCancel={() => {
          act.reset();
          setConfirm(null);
        }}
      />
      <Suspense fallback={null}>
        {form && <formModal.Component api={api} zone={zone} editing={form.editing} start={form.start} onClose={() => setForm(null)} />}
        {markDone && (
          <markDoneModal.Component
            api={api}
            appointment={markDone}
            onClose={() => setMarkDone(null)}
            onDone={(done) => {
              setMarkDone(null);
              // The question says the visit is done; a toast would only cover its title on a phone.
              if (done.kind === 'site_visit' && done.lead_id != null && canMoveLead) setAskLead(done);
              else toast.success(MESSAGES.appointments.updated);
            }}
          />
        )}
        {askLead && <leadStatusDialog.Component api={api} appointment={askLead} onClose={() => setAskLead(null)} />}
      </Suspense>
    </div>
  );
}

export default Calendar;
