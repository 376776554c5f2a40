/**
 * The dashboard's grid and the styles its cards share. The grid answers to the width of the
 * widget (container queries), not of the window: a dashboard mounted in a host's narrow column
 * stacks like a phone screen would. Built on first use, never at import time.
 *
 *   wide (≥ 1080 px)   welcome 6 | gauge 3 | gauge 3
 *                      trend 4 | trend 4 | trend 4
 *                      line 5 | doughnut 3 | bar 4
 *                      top properties 5 | total leads 7
 *   with the visits card, the trends and it share that row: 3 | 3 | 3 | 3
 *   medium (≥ 640 px)  welcome 12, gauges 6 + 6, trends 4 + 4 + 4, line 12, doughnut 6 | bar 6,
 *                      top properties 12, total leads 12
 *   narrow             one column
 */
import { css, lazyStyles } from '../../ui/css';
import { v } from '../../ui/theme';

/** Where a card sits in the grid; see the table above. */
export type DashboardArea = 'welcome' | 'gauge' | 'trend' | 'stat' | 'line' | 'doughnut' | 'bar' | 'list' | 'table' | 'liveLine' | 'liveDoughnut' | 'full';

const CONTAINER = 'ed-dashboard';
const MEDIUM = `@container ${CONTAINER} (min-width: 640px)`;
const WIDE = `@container ${CONTAINER} (min-width: 1080px)`;

// Column spans at [medium, wide]; narrow is always the full row.
const SPANS: Record<DashboardArea, [number, number]> = {
  welcome: [12, 6],
  gauge: [6, 3],
  trend: [4, 4],
  // The trend cards beside the visits card: four to a row when wide, two when medium.
  stat: [6, 3],
  line: [12, 5],
  doughnut: [6, 3],
  bar: [6, 4],
  list: [12, 5],
  table: [12, 7],
  // Live mode has no revenue figures, so its line chart takes the bar chart's room.
  liveLine: [12, 8],
  liveDoughnut: [12, 4],
  full: [12, 12],
};

const spanClass = ([medium, wide]: [number, number]): string => css`
  grid-column: span 12;
  min-width: 0;
  ${MEDIUM} { grid-column: span ${medium}; }
  ${WIDE} { grid-column: span ${wide}; }
`;

export const dashboardStyles = lazyStyles(() => ({
  // The container the grid measures; it must be an ancestor of the grid, not the grid itself.
  root: css`
    container-name: ${CONTAINER};
    container-type: inline-size;
    width: 100%;
    min-width: 0;
    padding: 4px 0 16px;
    color: ${v('text')};
  `,
  header: css`
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 4px 16px;
    margin: 0 0 16px;
  `,
  title: css`margin: 0; font-size: 22px; font-weight: 700; line-height: 1.3; color: ${v('text')};`,
  note: css`margin: 0; font-size: 13px; color: ${v('muted')};`,
  grid: css`
    display: grid;
    grid-template-columns: repeat(12, minmax(0, 1fr));
    gap: 16px;
    align-items: stretch;
    ${WIDE} { gap: 20px; }
  `,
  area: Object.fromEntries(Object.entries(SPANS).map(([area, spans]) => [area, spanClass(spans)])) as Record<DashboardArea, string>,
  // The welcome's neighbour while a company has no figures yet.
  emptyPanel: css`
    display: grid;
    align-items: center;
    border: 1px solid ${v('border')};
    border-radius: calc(${v('radius')} + 4px);
    background: ${v('surface')};
    box-shadow: ${v('shadow')};
  `,
  // Cards in one row share its height.
  fill: css`height: 100%;`,
  // Figures that must line up in columns.
  figure: css`font-variant-numeric: tabular-nums;`,
}));
