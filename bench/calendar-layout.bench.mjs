/**
 * The calendar's layout at a busy agency's month: BENCH_APPOINTMENTS appointments (default 2,000;
 * a seeded random mix of lengths from 15 minutes to 3 hours, some crossing midnight, a tenth
 * stacked into the same morning hours so clusters get wide) laid out by the pure model
 * (src/widgets/calendar/model, bundled for this run by esbuild, nothing else built) in
 * Asia/Kolkata and, for October's clock change, Europe/London:
 * - the month grid, each week's columns (the seven-day time grid with its column packing) and
 *   the agenda: the median of BENCH_ROUNDS (default 20) after a warm-up;
 * - the month grid again at ten times the appointments, and its cost per appointment at both
 *   sizes: it grows only by a log factor and the caches' misses (quadratic would make it 10×).
 * Target: the month grid and a week within one frame (16 ms) at 2,000.
 */
import { loadCalendarModel, seededRandom } from './lib/calendarModel.mjs';

const COUNT = Number(process.env.BENCH_APPOINTMENTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const FRAME_MS = 16;
const NAME = 'calendar layout';

function appointments(count, monthStart, days) {
  const next = seededRandom(42);
  const QUARTER = 15 * 60_000;
  const list = [];
  for (let id = 1; id <= count; id++) {
    const day = Math.floor(next() * days);
    const stacked = id % 10 === 0;
    const quarter = stacked ? 40 + Math.floor(next() * 4) : Math.floor(next() * 96);
    const start = monthStart + day * 86_400_000 + quarter * QUARTER;
    const length = (1 + Math.floor(next() * 12)) * QUARTER;
    list.push({
      id,
      kind: ['site_visit', 'follow_up', 'meeting'][id % 3],
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + length).toISOString(),
      agent_id: 1 + (id % 25),
      property_ids: [id % 300],
      lead_id: id % 4 === 0 ? null : id,
      status: 'confirmed',
    });
  }
  return list;
}

function median(fn) {
  // A few runs first, so the JIT has compiled the layout before it is timed.
  for (let i = 0; i < 5; i++) fn();
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export default async function calendarLayoutBench() {
  const model = await loadCalendarModel();
  const rows = [];
  const cases = [
    { zone: 'Asia/Kolkata', anchor: { year: 2026, month: 11, day: 1 } },
    { zone: 'Europe/London', anchor: { year: 2026, month: 10, day: 1 } },
  ];
  for (const { zone, anchor } of cases) {
    const month = model.viewRange('month', anchor, zone);
    const agenda = model.viewRange('agenda', anchor, zone);
    const list = appointments(COUNT, agenda.start, agenda.dayCount);
    const label = `${COUNT.toLocaleString('en')} in a month, ${zone}`;
    const monthMs = median(() => model.monthGrid(list, month, zone));
    const weeks = Array.from({ length: 6 }, (_, i) => model.viewRange('week', model.addDays(month.first, 7 * i), zone));
    const weekMs = median(() => weeks.forEach((week) => model.timeGrid(list, week, zone))) / weeks.length;
    const agendaMs = median(() => model.agendaDays(list, agenda, zone));
    rows.push(
      { benchmark: NAME, metric: `month grid, ${label}`, value: monthMs, unit: 'ms', target: `≤ ${FRAME_MS}` },
      { benchmark: NAME, metric: `one week's columns, ${label}`, value: weekMs, unit: 'ms', target: `≤ ${FRAME_MS}` },
      { benchmark: NAME, metric: `agenda, ${label}`, value: agendaMs, unit: 'ms' },
    );
    if (zone === 'Asia/Kolkata') {
      const tenfold = appointments(COUNT * 10, agenda.start, agenda.dayCount);
      const tenfoldMs = median(() => model.monthGrid(tenfold, month, zone));
      const perAppointment = (ms, count) => (ms * 1000) / count;
      rows.push(
        { benchmark: NAME, metric: `month grid, ${(COUNT * 10).toLocaleString('en')} in a month, ${zone}`, value: tenfoldMs, unit: 'ms' },
        { benchmark: NAME, metric: `month grid per appointment at ${COUNT.toLocaleString('en')}`, value: perAppointment(monthMs, COUNT), unit: 'µs' },
        { benchmark: NAME, metric: `month grid per appointment at ${(COUNT * 10).toLocaleString('en')}`, value: perAppointment(tenfoldMs, COUNT * 10), unit: 'µs' },
      );
    }
  }
  return rows;
}
