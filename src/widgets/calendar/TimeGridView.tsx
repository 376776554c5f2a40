/**
 * The week and day views: a column per day with the appointments placed by their wall-clock time.
 * With event-edit an appointment is dragged to move it (across days in the week) or by its lower
 * edge to change its end, snapped to the quarter hour; the keyboard does the same on a focused one
 * (arrows move, Shift+↑/↓ the end). The page saves the new times.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactElement } from 'react';
import { APPOINTMENT_STATUS_LABELS, type Appointment } from '../../contract/appointments';
import { cx, visuallyHidden } from '../../ui';
import { appointmentName, clockOf, dayName, fromLocalInput, timeRange } from './calendarModel';
import { calendarStyles, HOUR_PX, kindColours } from './calendarStyles';
import {
  dayIndexAtOffset,
  keyboardMove,
  minutesAtOffset,
  moveTo,
  resizeTo,
  shortWeekdayName,
  isoWeekday,
  monthName,
  timeGrid,
  toWallClock,
  type AppointmentTimes,
  type CalendarDate,
  type DayColumn,
  type TimedItem,
  type ViewRange,
} from './model';

/** Where it happens, as a block shows it: the place, or the properties' titles. */
const placeOf = (a: Appointment): string => a.place || a.properties.map((p) => p.title).filter(Boolean).join(', ');

export interface TimeGridViewProps {
  range: ViewRange;
  appointments: readonly Appointment[];
  zone: string;
  /** Drag and keyboard moves (event-edit). */
  canEdit: boolean;
  onOpen(appointment: Appointment): void;
  onShowDay(date: CalendarDate): void;
  /** A click on an empty slot: its start (pointer only: the keyboard has New appointment). */
  onCreateAt?(startIso: string): void;
  onMove(appointment: Appointment, times: AppointmentTimes): void;
}

const DAY_MINUTES = 1440;
/** The hours' gutter: its width is the style's (narrower on a phone), shared by the head and the body. */
const GUTTER = 'var(--ed-cal-gutter)';
const px = (minutes: number) => (minutes / 60) * HOUR_PX;

interface Drag {
  appointment: Appointment;
  mode: 'move' | 'resize';
  pointerId: number;
  x0: number;
  y0: number;
  /** Minutes from the block's top to where it was grabbed. */
  grab: number;
  dayIndex: number;
  top: number;
  height: number;
  started: boolean;
  times: AppointmentTimes | null;
}

interface Ghost {
  dayIndex: number;
  top: number;
  height: number;
  label: string;
}

const HINT = 'Arrow keys move it by 15 minutes or a day; Shift with the up or down arrow changes its end.';

/** What a block does with the pointer and the keys; one object for the whole drag, so blocks need not draw again. */
interface BlockHandlers {
  start(event: PointerEvent<HTMLElement>, item: TimedItem<Appointment>, dayIndex: number, mode: Drag['mode']): void;
  move(event: PointerEvent<HTMLElement>): void;
  end(event: PointerEvent<HTMLElement>): void;
  cancel(): void;
  key(event: KeyboardEvent<HTMLElement>, appointment: Appointment): void;
  open(appointment: Appointment): void;
}

interface DayBlocksProps {
  day: DayColumn<Appointment>;
  dayIndex: number;
  zone: string;
  canEdit: boolean;
  /** The appointment being dragged (drawn dimmed), if any. */
  draggingId: string | null;
  hintId: string;
  on: BlockHandlers;
}

/**
 * A day's blocks. Kept apart from the ghost: while a block is dragged only the ghost moves, and a
 * busy week's hundreds of blocks are not drawn again at every pointer move (a frame missed now
 * and then at 2,000 appointments a month: bench/calendar.bench.mjs).
 */
const DayBlocks = memo(function DayBlocks({ day, dayIndex, zone, canEdit, draggingId, hintId, on }: DayBlocksProps): ReactElement {
  const s = calendarStyles();
  return (
    <>
      {day.items.map((item) => {
        const a = item.appointment;
        const colours = kindColours(a.kind, a.status);
        return (
          <button
            key={`${String(a.id)}-${day.key}`}
            type="button"
            data-appointment-id={String(a.id)}
            className={cx(s.block, canEdit && !item.continuesBefore && s.grab, a.status === 'cancelled' && s.cancelled)}
            style={{
              ...colours,
              top: px(item.top),
              height: Math.max(px(item.height) - 1, 18),
              left: `${(item.column / item.columns) * 100}%`,
              width: `${100 / item.columns}%`,
              opacity: draggingId === String(a.id) ? 0.5 : undefined,
            }}
            aria-describedby={canEdit ? hintId : undefined}
            onClick={() => on.open(a)}
            onKeyDown={(event) => on.key(event, a)}
            onPointerDown={(event) => on.start(event, item, dayIndex, 'move')}
            onPointerMove={on.move}
            onPointerUp={on.end}
            onPointerCancel={on.cancel}
          >
            {/* The visible text first, then what only a screen reader needs: the name holds what is seen. */}
            <span>
              <strong>{item.continuesBefore ? '…' : clockOf(a.starts_at, zone)}</strong> {appointmentName(a)}
            </span>{' '}
            {item.height >= 45 && <span>{placeOf(a)}</span>}
            <span className={visuallyHidden()}>
              {item.height >= 45 || !placeOf(a) ? '' : ` ${placeOf(a)}`}, {dayName(day.date)}, {timeRange(a, zone)}, {APPOINTMENT_STATUS_LABELS[a.status]}
            </span>
            {canEdit && !item.continuesAfter && (
              <span
                className={s.handle}
                aria-hidden="true"
                onPointerDown={(event) => on.start(event, item, dayIndex, 'resize')}
                onPointerMove={on.move}
                onPointerUp={on.end}
                onPointerCancel={on.cancel}
              />
            )}
          </button>
        );
      })}
    </>
  );
});

export function TimeGridView({ range, appointments, zone, canEdit, onOpen, onShowDay, onCreateAt, onMove }: TimeGridViewProps): ReactElement {
  const s = calendarStyles();
  const columns = useMemo(() => timeGrid(appointments, range, zone), [appointments, range, zone]);
  const n = columns.length;
  const scrollRef = useRef<HTMLDivElement>(null);
  const columnsRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  const refocus = useRef<string | null>(null);
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const hintId = `ed-cal-hint-${range.view}`;

  // Working hours in sight: the view opens scrolled to a little before 08:00.
  useLayoutEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = px(7.5 * 60);
  }, [range.view]);

  // A keyboard move may put the block in another column (a new element): focus follows it.
  useEffect(() => {
    const id = refocus.current;
    if (!id) return;
    const block = scrollRef.current?.querySelector<HTMLElement>(`[data-appointment-id="${CSS.escape(id)}"]`);
    if (block && block !== document.activeElement) block.focus();
    if (block) refocus.current = null;
  });

  const rect = () => columnsRef.current!.getBoundingClientRect();

  const start = (event: PointerEvent<HTMLElement>, item: TimedItem<Appointment>, dayIndex: number, mode: Drag['mode']) => {
    if (!canEdit || event.button !== 0 || (mode === 'move' && item.continuesBefore)) return;
    if (mode === 'resize') event.stopPropagation();
    const box = rect();
    const pointerMinutes = ((event.clientY - box.top) / box.height) * DAY_MINUTES;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the drag still works while it stays over the block.
    }
    drag.current = {
      appointment: item.appointment, mode, pointerId: event.pointerId, x0: event.clientX, y0: event.clientY,
      grab: pointerMinutes - item.top, dayIndex, top: item.top, height: item.height, started: false, times: null,
    };
  };

  const move = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    if (!d.started && Math.hypot(event.clientX - d.x0, event.clientY - d.y0) < 4) return;
    if (!d.started) setDraggingId(String(d.appointment.id));
    d.started = true;
    const box = rect();
    const y = event.clientY - box.top;
    if (d.mode === 'move') {
      const dayIndex = dayIndexAtOffset(event.clientX - box.left, box.width, n);
      const minutes = minutesAtOffset(y - (d.grab / DAY_MINUTES) * box.height, box.height);
      d.times = moveTo(d.appointment, columns[dayIndex]!.date, minutes, zone);
      setGhost({ dayIndex, top: minutes, height: Math.min(d.height, DAY_MINUTES - minutes), label: timeRange(d.times, zone) });
    } else {
      const minutes = minutesAtOffset(y, box.height);
      d.times = resizeTo(d.appointment, columns[d.dayIndex]!.date, minutes, zone);
      setGhost({ dayIndex: d.dayIndex, top: d.top, height: Math.max(15, minutes - d.top), label: timeRange(d.times, zone) });
    }
  };

  const end = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    setGhost(null);
    setDraggingId(null);
    if (!d.started) return;
    swallowClick.current = true;
    setTimeout(() => (swallowClick.current = false), 0);
    const t = d.times;
    if (t && (Date.parse(t.starts_at) !== Date.parse(d.appointment.starts_at) || Date.parse(t.ends_at) !== Date.parse(d.appointment.ends_at))) {
      onMove(d.appointment, t);
    }
  };

  const cancel = () => {
    drag.current = null;
    setGhost(null);
    setDraggingId(null);
  };

  const key = (event: KeyboardEvent<HTMLElement>, appointment: Appointment) => {
    if (!canEdit) return;
    const times = keyboardMove(appointment, event.key, event, zone);
    if (!times) return;
    event.preventDefault();
    refocus.current = String(appointment.id);
    onMove(appointment, times);
  };

  const open = (appointment: Appointment) => {
    if (!swallowClick.current) onOpen(appointment);
  };

  // The blocks get one handlers object for good, which calls this render's functions.
  const latest = useRef<BlockHandlers>({ start, move, end, cancel, key, open });
  latest.current = { start, move, end, cancel, key, open };
  const on = useMemo<BlockHandlers>(
    () => ({
      start: (event, item, dayIndex, mode) => latest.current.start(event, item, dayIndex, mode),
      move: (event) => latest.current.move(event),
      end: (event) => latest.current.end(event),
      cancel: () => latest.current.cancel(),
      key: (event, appointment) => latest.current.key(event, appointment),
      open: (appointment) => latest.current.open(appointment),
    }),
    [],
  );

  const emptyClick = (date: CalendarDate) => (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !onCreateAt) return;
    const box = event.currentTarget.getBoundingClientRect();
    const minutes = Math.min(DAY_MINUTES - 30, Math.max(0, Math.floor((((event.clientY - box.top) / box.height) * DAY_MINUTES) / 30) * 30));
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
    const mm = String(minutes % 60).padStart(2, '0');
    const iso = fromLocalInput(`${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}T${hh}:${mm}`, zone);
    if (iso) onCreateAt(iso);
  };

  const template = `${GUTTER} repeat(${n}, minmax(0, 1fr))`;
  const wall = toWallClock(Date.now(), zone);
  const nowMinutes = wall.hour * 60 + wall.minute;

  return (
    <div ref={scrollRef} className={s.timeScroll}>
      {/* The week fits the width it is given, a phone's too: only a data table may scroll sideways. */}
      <div className={s.timeGrid}>
        <div className={s.timeHead} style={{ gridTemplateColumns: template }}>
          <span />
          {columns.map((day) => (
            <button
              key={day.key}
              type="button"
              className={cx(s.timeHeadDay, day.isToday && s.timeHeadToday)}
              onClick={() => onShowDay(day.date)}
              aria-current={day.isToday ? 'date' : undefined}
            >
              {/* The name begins with the visible text ("Mon 23"), as speech input users say it. */}
              {shortWeekdayName(isoWeekday(day.date))} <strong>{day.date.day}</strong>
              <span className={visuallyHidden()}> {monthName(day.date.month)}</span>
            </button>
          ))}
        </div>
        <div className={s.timeBody} style={{ gridTemplateColumns: `${GUTTER} minmax(0, 1fr)` }}>
          <div className={s.gutter} aria-hidden="true" style={{ height: px(DAY_MINUTES) }}>
            {Array.from({ length: 23 }, (_, i) => (
              <span key={i} className={s.hour} style={{ top: px((i + 1) * 60) }}>
                {String(i + 1).padStart(2, '0')}:00
              </span>
            ))}
          </div>
          <div ref={columnsRef} className={s.columns} style={{ gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))`, height: px(DAY_MINUTES) }}>
            {columns.map((day, dayIndex) => (
              <div
                key={day.key}
                className={cx(s.column, day.isToday && s.columnToday)}
                onClick={emptyClick(day.date)}
                role="group"
                aria-label={dayName(day.date)}
                data-date={day.key}
              >
                {day.isToday && <div className={s.now} style={{ top: px(nowMinutes) }} />}
                <DayBlocks
                  day={day}
                  dayIndex={dayIndex}
                  zone={zone}
                  canEdit={canEdit}
                  // Only the day holding the dragged block draws again when a drag starts or ends.
                  draggingId={draggingId !== null && day.items.some((item) => String(item.appointment.id) === draggingId) ? draggingId : null}
                  hintId={hintId}
                  on={on}
                />
                {ghost?.dayIndex === dayIndex && (
                  <div className={s.ghost} style={{ top: px(ghost.top), height: px(ghost.height) }} aria-hidden="true">
                    {ghost.label}
                  </div>
                )}
              </div>
            ))}
          </div>
        </div>
      </div>
      {canEdit && (
        <p id={hintId} hidden>
          {HINT}
        </p>
      )}
    </div>
  );
}
