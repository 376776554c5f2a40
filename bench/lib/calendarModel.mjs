/**
 * What the calendar benches share: the widget's pure model (src/widgets/calendar/model), bundled
 * by esbuild for the run (nothing else built), and a seeded random source so every run lays out
 * the same month.
 */
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('../..', import.meta.url).pathname;

/** The calendar's model (monthGrid, timeGrid, viewRange, todayAnchor, fromWallClock, ...). */
export async function loadCalendarModel() {
  const dir = join(root, 'node_modules/.cache/estatedesk/calendar');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'model.mjs');
  await build({ entryPoints: [join(root, 'src/widgets/calendar/model/index.ts')], outfile: out, format: 'esm', platform: 'neutral', bundle: true, logLevel: 'silent' });
  return import(`${pathToFileURL(out).href}?${Date.now()}`);
}

/** mulberry32: numbers in [0, 1), the same ones for the same seed. */
export function seededRandom(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
