/** The calendar's toolbar: Today, Previous and Next, the range's title, the view switch and the filters. */
import { useRef, type KeyboardEvent, type ReactElement } from 'react';
import {
  APPOINTMENT_KIND_LABELS,
  APPOINTMENT_KINDS,
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUSES,
  type AppointmentKind,
  type AppointmentStatus,
} from '../../contract/appointments';
import { Button, Icon, IconButton, SelectField } from '../../ui';
import type { Choice } from './calendarApi';
import { calendarStyles } from './calendarStyles';
import { CALENDAR_VIEWS, type CalendarFilter, type CalendarView } from './model';

const VIEW_LABELS: Readonly<Record<CalendarView, string>> = { month: 'Month', week: 'Week', day: 'Day', agenda: 'Agenda' };
const STEP_NAMES: Readonly<Record<CalendarView, string>> = { month: 'month', week: 'week', day: 'day', agenda: 'month' };

export interface CalendarToolbarProps {
  view: CalendarView;
  title: string;
  zone: string;
  filter: CalendarFilter;
  agents: readonly Choice[];
  busy: boolean;
  onView(view: CalendarView): void;
  onStep(step: -1 | 1): void;
  onToday(): void;
  onFilter(filter: CalendarFilter): void;
}

export function CalendarToolbar({ view, title, zone, filter, agents, busy, onView, onStep, onToday, onFilter }: CalendarToolbarProps): ReactElement {
  const s = calendarStyles();
  const group = useRef<HTMLDivElement>(null);
  // A radio group: one Tab stop, the arrows choose.
  const arrows = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = (CALENDAR_VIEWS.indexOf(view) + step + CALENDAR_VIEWS.length) % CALENDAR_VIEWS.length;
    onView(CALENDAR_VIEWS[index]!);
    group.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };
  const one = <T extends string>(value: T | '') => (value ? [value] : []);
  return (
    <>
      <div className={s.toolbar}>
        <div className={s.nav}>
          <Button variant="secondary" size="sm" onClick={onToday}>
            Today
          </Button>
          <IconButton aria-label={`Previous ${STEP_NAMES[view]}`} onClick={() => onStep(-1)}>
            <Icon name="chevronLeft" />
          </IconButton>
          <IconButton aria-label={`Next ${STEP_NAMES[view]}`} onClick={() => onStep(1)}>
            <Icon name="chevronRight" />
          </IconButton>
        </div>
        <h3 className={s.title} aria-live="polite" aria-busy={busy}>
          {title}
          <span className={s.zone}> · {zone}</span>
        </h3>
        <span className={s.spacer} />
        <div ref={group} className={s.views} role="radiogroup" aria-label="View" onKeyDown={arrows}>
          {CALENDAR_VIEWS.map((v) => (
            <button key={v} type="button" role="radio" aria-checked={v === view} tabIndex={v === view ? 0 : -1} onClick={() => onView(v)}>
              {VIEW_LABELS[v]}
            </button>
          ))}
        </div>
      </div>
      <div className={s.filters}>
        <SelectField
          label="Agent"
          size="sm"
          placeholder="All agents"
          options={agents}
          value={String(filter.agentIds?.[0] ?? '')}
          onChange={(e) => onFilter({ ...filter, agentIds: one(e.target.value) })}
        />
        <SelectField
          label="Kind"
          size="sm"
          placeholder="All kinds"
          options={APPOINTMENT_KINDS.map((k) => ({ value: k, label: APPOINTMENT_KIND_LABELS[k] }))}
          value={filter.kinds?.[0] ?? ''}
          onChange={(e) => onFilter({ ...filter, kinds: one(e.target.value as AppointmentKind) })}
        />
        <SelectField
          label="Status"
          size="sm"
          placeholder="All statuses"
          options={APPOINTMENT_STATUSES.map((k) => ({ value: k, label: APPOINTMENT_STATUS_LABELS[k] }))}
          value={filter.statuses?.[0] ?? ''}
          onChange={(e) => onFilter({ ...filter, statuses: one(e.target.value as AppointmentStatus) })}
        />
      </div>
    </>
  );
}
