/** The calendar's own looks: toolbar, the month grid, the time grid, the agenda and the pickers. */
import { css, lazyStyles, tint, v } from '../../ui';
import { pageStyles } from '../../ui/pageStyles';
import type { AppointmentKind, AppointmentStatus } from '../../contract/appointments';

/** An hour's height in the week and day views, in pixels. */
export const HOUR_PX = 48;

/** The week and day views on a phone (their scroller's width, so a narrow host column counts too). */
const NARROW = '@container ed-cal-time (max-width: 520px)';

export const calendarStyles = lazyStyles(() => ({
  ...pageStyles(),
  toolbar: css`
    display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px;
  `,
  nav: css`display: flex; align-items: center; gap: 6px;`,
  title: css`margin: 0 4px; font-size: 17px; font-weight: 600; color: ${v('text')}; min-width: 0;`,
  zone: css`font-size: 12px; color: ${v('muted')};`,
  spacer: css`flex: 1 1 auto;`,
  views: css`
    display: inline-flex; border: 1px solid ${v('border')}; border-radius: ${v('radius')}; overflow: hidden;
    & > button {
      margin: 0; padding: 6px 12px; border: 0; border-left: 1px solid ${v('border')}; background: ${v('surface')};
      color: ${v('text')}; font: inherit; font-size: 13px; cursor: pointer;
    }
    & > button:first-child { border-left: 0; }
    & > button[aria-checked='true'] { background: ${v('accent')}; color: ${v('accent-contrast')}; }
    & > button:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: -2px; }
    @media (max-width: 480px) { width: 100%; & > button { flex: 1; padding: 6px 4px; } }
  `,
  filters: css`
    display: grid; grid-template-columns: repeat(3, minmax(0, 200px)); gap: 8px 12px;
    /* Three in a row on a phone: slimmer padding round the chosen text, so "All statuses" is read whole. */
    @media (max-width: 560px) {
      grid-template-columns: repeat(3, minmax(0, 1fr));
      & select { padding: 0 22px 0 8px; background-position: right 6px center; font-size: 13px; }
    }
  `,
  /** The month grid: a header row of weekdays, then six weeks. */
  month: css`
    display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); border-top: 1px solid ${v('border')};
    border-left: 1px solid ${v('border')};
  `,
  weekday: css`
    padding: 6px 8px; font-size: 12px; font-weight: 600; color: ${v('muted')}; text-transform: uppercase;
    border-right: 1px solid ${v('border')}; border-bottom: 1px solid ${v('border')};
  `,
  cell: css`
    position: relative; display: flex; flex-direction: column; gap: 2px; min-height: 104px; min-width: 0; padding: 4px;
    border-right: 1px solid ${v('border')}; border-bottom: 1px solid ${v('border')}; cursor: pointer;
    @media (max-width: 560px) { min-height: 64px; padding: 2px; }
  `,
  outside: css`background: ${v('bg')}; & > button:first-child { color: ${v('muted')}; }`,
  dayNumber: css`
    align-self: flex-start; min-width: 26px; height: 26px; margin: 0; padding: 0 6px; border: 0; border-radius: 13px;
    background: none; color: ${v('text')}; font: inherit; font-size: 13px; font-weight: 600; cursor: pointer;
    &:hover { background: ${tint('accent', 12)}; }
  `,
  today: css`background: ${v('accent')}; color: ${v('accent-contrast')}; &:hover { background: ${v('accent')}; }`,
  chip: css`
    display: block; width: 100%; min-width: 0; margin: 0; padding: 2px 6px; border: 0; border-left: 3px solid currentColor;
    border-radius: 4px; font: inherit; font-size: 12px; line-height: 1.4; text-align: left; white-space: nowrap;
    overflow: hidden; text-overflow: ellipsis; cursor: pointer;
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 1px; }
    @media (max-width: 560px) { font-size: 10px; padding: 1px 3px; }
  `,
  more: css`
    align-self: flex-start; margin: 0; padding: 0 4px; border: 0; background: none; color: ${v('accent-text')};
    font: inherit; font-size: 12px; font-weight: 600; cursor: pointer;
    &:hover { text-decoration: underline; }
  `,
  /** The week and day views. */
  timeScroll: css`
    max-height: min(70vh, 720px); overflow: auto; border: 1px solid ${v('border')}; border-radius: ${v('radius')};
    container: ed-cal-time / inline-size;
  `,
  /**
   * The grid inside the scroller: seven days fit a phone's width (about 42 px a day at 390 px)
   * instead of scrolling sideways, with a narrower gutter and smaller type there. Measured on the
   * scroller, not the window, so the same holds where a host page gives the widget a narrow column.
   */
  timeGrid: css`
    --ed-cal-gutter: 52px;
    ${NARROW} { --ed-cal-gutter: 40px; }
  `,
  timeHead: css`
    position: sticky; top: 0; z-index: 3; display: grid; background: ${v('surface')}; border-bottom: 1px solid ${v('border')};
  `,
  timeHeadDay: css`
    margin: 0; padding: 6px 4px; border: 0; border-left: 1px solid ${v('border')}; background: none; color: ${v('text')};
    font: inherit; font-size: 12px; text-align: center; cursor: pointer; min-width: 0; overflow: hidden;
    & strong { display: block; font-size: 16px; }
    ${NARROW} { padding: 6px 0; }
  `,
  timeHeadToday: css`color: ${v('accent-text')};`,
  timeBody: css`display: grid; position: relative;`,
  gutter: css`position: relative; font-size: 11px; color: ${v('muted')};`,
  hour: css`
    position: absolute; right: 6px; transform: translateY(-50%); background: ${v('surface')}; padding: 0 2px;
    ${NARROW} { right: 2px; font-size: 10px; }
  `,
  columns: css`display: grid; position: relative; touch-action: pan-y;`,
  column: css`
    position: relative; min-width: 0; border-left: 1px solid ${v('border')}; cursor: cell;
    background-image: linear-gradient(to bottom, ${v('border')} 1px, transparent 1px);
    background-size: 100% ${HOUR_PX}px;
  `,
  columnToday: css`background-color: ${tint('accent', 5)};`,
  now: css`position: absolute; left: 0; right: 0; height: 2px; background: ${v('danger')}; z-index: 2; pointer-events: none;`,
  block: css`
    position: absolute; box-sizing: border-box; margin: 0; padding: 2px 6px; border: 1px solid ${v('surface')};
    border-left: 3px solid currentColor; border-radius: 4px; overflow: hidden; font: inherit; font-size: 12px;
    line-height: 1.3; text-align: left; cursor: pointer; touch-action: none; user-select: none; z-index: 1;
    & > span { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 1px; z-index: 2; }
    /* A day is about 42 px wide there: the start gets a line of its own, so it is never cut to "14:…". */
    ${NARROW} { padding: 2px; font-size: 10px; & > span:first-child > strong { display: block; } }
  `,
  grab: css`cursor: grab;`,
  handle: css`position: absolute; left: 0; right: 0; bottom: 0; height: 6px; cursor: ns-resize;`,
  ghost: css`
    position: absolute; left: 2px; right: 2px; box-sizing: border-box; padding: 2px 6px; border: 2px dashed ${v('accent')};
    border-radius: 4px; background: ${tint('accent', 14)}; color: ${v('text')}; font-size: 12px; font-weight: 600;
    pointer-events: none; z-index: 4;
  `,
  /** The agenda. */
  agendaDay: css`
    display: grid; grid-template-columns: 160px minmax(0, 1fr); gap: 8px 16px; padding: 12px 0;
    border-bottom: 1px solid ${v('border')};
    &:last-child { border-bottom: 0; }
    @media (max-width: 560px) { grid-template-columns: minmax(0, 1fr); }
  `,
  agendaDate: css`margin: 0; font-size: 14px; font-weight: 600; color: ${v('text')};`,
  agendaList: css`display: grid; gap: 6px; margin: 0; padding: 0; list-style: none;`,
  agendaItem: css`
    display: grid; grid-template-columns: 120px minmax(0, 1fr) auto; align-items: center; gap: 4px 12px; width: 100%;
    margin: 0; padding: 8px 10px; border: 1px solid ${v('border')}; border-left: 4px solid currentColor; border-radius: ${v('radius')};
    background: ${v('surface')}; font: inherit; font-size: 13px; text-align: left; cursor: pointer;
    & > span:nth-child(2) { color: ${v('text')}; min-width: 0; }
    &:hover { background: ${v('bg')}; }
    @media (max-width: 560px) { grid-template-columns: minmax(0, 1fr) auto; & > span:nth-child(2) { grid-column: 1 / -1; grid-row: 2; } }
  `,
  agendaTime: css`color: ${v('text')}; font-weight: 600; font-variant-numeric: tabular-nums;`,
  sub: css`display: block; color: ${v('muted')}; font-size: 12px;`,
  status: css`font-size: 12px; color: ${v('muted')}; white-space: nowrap;`,
  cancelled: css`text-decoration: line-through; opacity: 0.7;`,
  /** Dialogs. */
  formGrid: css`
    display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 14px 16px;
    & > .wide { grid-column: 1 / -1; }
    @media (max-width: 560px) { grid-template-columns: minmax(0, 1fr); }
  `,
  notice: css`
    margin: 0; padding: 10px 12px; border-radius: ${v('radius')}; background: ${tint('accent', 10)}; color: ${v('text')};
    font-size: 13px; line-height: 1.5; & ul { margin: 4px 0 0; padding-left: 18px; }
  `,
  error: css`
    margin: 0; padding: 10px 12px; border-radius: ${v('radius')}; background: ${tint('danger', 10)}; color: ${v('danger-text')};
    font-size: 13px;
  `,
  facts: css`
    display: grid; grid-template-columns: 110px minmax(0, 1fr); gap: 6px 12px; margin: 0; font-size: 14px;
    & dt { color: ${v('muted')}; } & dd { margin: 0; color: ${v('text')}; overflow-wrap: anywhere; }
  `,
  actions: css`display: flex; flex-wrap: wrap; gap: 8px; justify-content: flex-end;`,
  /** The searchable picker. */
  picker: css`position: relative;`,
  options: css`
    position: absolute; z-index: 5; left: 0; right: 0; top: calc(100% + 4px); max-height: 220px; overflow: auto; margin: 0;
    padding: 4px; list-style: none; border: 1px solid ${v('border')}; border-radius: ${v('radius')}; background: ${v('surface')};
    box-shadow: 0 8px 24px rgba(16, 24, 40, 0.16);
    & > li { padding: 6px 8px; border-radius: 4px; font-size: 14px; color: ${v('text')}; cursor: pointer; }
    & > li[aria-selected='true'] { background: ${tint('accent', 14)}; }
    & > li[aria-disabled='true'] { color: ${v('muted')}; cursor: default; }
  `,
  chips: css`
    display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 6px; padding: 0; list-style: none;
    & button {
      display: inline-flex; align-items: center; gap: 4px; margin: 0; padding: 2px 8px; border: 1px solid ${v('border')};
      border-radius: 12px; background: ${v('bg')}; color: ${v('text')}; font: inherit; font-size: 12px; cursor: pointer;
    }
  `,
  live: css`position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;`,
}));

/** An appointment's colour by its kind: the block's stripe and text, on a tint of it. */
const KIND_COLOUR: Readonly<Record<AppointmentKind, 'accent' | 'info' | 'success'>> = {
  site_visit: 'accent',
  follow_up: 'info',
  meeting: 'success',
};

/** Inline colours of an appointment (themed through the suite's variables); done, cancelled and no-show ones fade. */
export function kindColours(kind: AppointmentKind, status: AppointmentStatus): { color: string; background: string } {
  const token = KIND_COLOUR[kind];
  const faded = status === 'cancelled' || status === 'done' || status === 'no_show';
  return {
    color: `color-mix(in srgb, ${v(token)} 70%, ${v('text')})`,
    background: `color-mix(in srgb, ${v(token)} ${faded ? 6 : 16}%, ${v('surface')})`,
  };
}
