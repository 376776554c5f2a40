/**
 * The calendar's range call (GET /appointments?from&to), kept finished per process: the answer's
 * JSON and, once asked for, its brotli and gzip forms, per company, viewer (an agent's own
 * appointments, or the company's) and query.
 *
 * Why: a month of 2,000 appointments is ~1.1 MB of JSON; building it took ~35-45 ms of CPU a
 * request (the queries ~15, the mapping ~12, JSON ~4, brotli ~4: docs/performance.md,
 * "Calendar range call"), where a month's call has 10 ms at p99 and 500 a second. Kept, a repeated
 * call costs one small query and the send.
 *
 * Staying current: `appointment_versions.version` (migration 2026_11_28_0200) is raised by
 * triggers for every change an answer shows (appointments, their properties and invitees, the
 * lead, property and people names they embed, the company's time zone), whoever writes, in any
 * process. Each request reads it (one row) and uses a kept answer only at that same version. The
 * version is read before the rows, so a change landing during a build leaves the answer newer than
 * its version says, which only costs another build, never a stale answer.
 *
 * Memory: all kept answers of a process share one budget (CALENDAR_CACHE_MB, default 32;
 * server/README.md); past it the answers used least recently go. An answer larger than the whole
 * budget is answered but not kept.
 */
import type { Kysely } from 'kysely';
import type { AppointmentListQuery } from '@contract';
import type { Database } from '../../db/schema';
import { success } from '../../lib/answers';
import { ByteBudgetLru, perDatabase } from '../../lib/byteBudgetLru';
import { type AnswerEncoding, compressAnswer } from '../../plugins/compression';
import type { Deps } from '../../types';
import { type Caller, listRange, viewerOf } from './service';
import { appointmentsVersion } from './versions.repository';

const MB = 1024 * 1024;
/** The kept answers' memory budget per process when CALENDAR_CACHE_MB is not set. */
export const DEFAULT_RANGE_CACHE_MB = 32;
/** What a kept answer costs besides its bytes: its key, map entries and objects. */
const ENTRY_BYTES = 512;

/** CALENDAR_CACHE_MB as bytes; a value that is not a number of megabytes stops the start. */
export function rangeCacheBytes(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.CALENDAR_CACHE_MB?.trim();
  if (!text) return DEFAULT_RANGE_CACHE_MB * MB;
  if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`CALENDAR_CACHE_MB must be a number of megabytes, got "${env.CALENDAR_CACHE_MB}"`);
  return Math.round(Number(text) * MB);
}

// Read as the server starts (this module is loaded with the routes), so a bad value stops it then.
const BUDGET = rangeCacheBytes();

/** A finished range answer. */
export interface RangeAnswer {
  /** The company's appointment version the answer reflects at least. */
  readonly version: number;
  /** `{ status, data, time_zone }` as JSON text. */
  readonly json: Buffer;
  /** The answer in `encoding`, compressed once and kept with it. */
  encoded(encoding: AnswerEncoding): Promise<Buffer>;
}

interface Entry extends RangeAnswer {
  key: string;
  companyId: number;
  forms: Map<AnswerEncoding, Promise<Buffer>>;
  /** The bytes of the forms finished so far. */
  formBytes: number;
}

interface Kept {
  answers: ByteBudgetLru<string, Entry>;
  /** Each company's kept keys, so a newer version lets all of its answers go at once. */
  byCompany: Map<number, Set<string>>;
  /** The newest version seen per company with kept answers. */
  versions: Map<number, number>;
  building: Map<string, Promise<Entry>>;
  /** Answers built and answers served kept (tests show them). */
  builds: number;
  hits: number;
}

const keptFor = perDatabase((): Kept => {
  const byCompany = new Map<number, Set<string>>();
  const versions = new Map<number, number>();
  const answers = new ByteBudgetLru<string, Entry>(BUDGET, (key, entry) => {
    const keys = byCompany.get(entry.companyId);
    keys?.delete(key);
    if (keys && !keys.size) {
      byCompany.delete(entry.companyId);
      versions.delete(entry.companyId);
    }
  });
  return { answers, byCompany, versions, building: new Map(), builds: 0, hits: 0 };
});

const costOf = (entry: Entry): number => entry.json.length + entry.formBytes + entry.key.length * 2 + ENTRY_BYTES;

/** Counts `entry` as it is now, if it is still kept, and keeps within the budget. */
function account(kept: Kept, entry: Entry): void {
  const { answers } = kept;
  if (answers.get(entry.key) !== entry) return;
  const cost = costOf(entry);
  answers.recount(entry.key, cost);
  if (cost > answers.budget) answers.forget(entry.key);
  else answers.evict();
}

/** A company seen at `version`: its answers of older versions can never serve again. */
function noteVersion(kept: Kept, companyId: number, version: number): void {
  const seen = kept.versions.get(companyId);
  if (seen === undefined || version <= seen) return;
  // A copy: forget() takes keys out of the set being walked.
  for (const key of Array.from(kept.byCompany.get(companyId) ?? [])) {
    if (kept.answers.get(key)!.version < version) kept.answers.forget(key);
  }
  if (kept.byCompany.has(companyId)) kept.versions.set(companyId, version);
}

function keep(kept: Kept, entry: Entry): void {
  const present = kept.answers.get(entry.key);
  if (present && present.version > entry.version) return;
  // Counted by account() below, once the entry is in its company's keys.
  kept.answers.set(entry.key, entry, 0);
  let keys = kept.byCompany.get(entry.companyId);
  if (!keys) kept.byCompany.set(entry.companyId, (keys = new Set()));
  keys.add(entry.key);
  kept.versions.set(entry.companyId, Math.max(entry.version, kept.versions.get(entry.companyId) ?? entry.version));
  account(kept, entry);
}

/** The query as a key part: its fields in one order, absent ones as null. */
const queryKey = (q: AppointmentListQuery) => [q.from, q.to, q.agent_id ?? null, q.kind ?? null, q.status ?? null, q.lead_id ?? null, q.property_id ?? null];

async function build(deps: Pick<Deps, 'db'>, kept: Kept, caller: Caller, query: AppointmentListQuery, key: string): Promise<Entry> {
  // The version first (see the header).
  const version = await appointmentsVersion(deps.db, caller.companyId);
  const answer = await listRange(deps, caller, query);
  kept.builds++;
  const entry: Entry = {
    key,
    companyId: caller.companyId,
    version,
    json: Buffer.from(JSON.stringify(success(answer))),
    forms: new Map(),
    formBytes: 0,
    encoded(encoding) {
      let form = entry.forms.get(encoding);
      if (!form) {
        form = compressAnswer(entry.json, encoding);
        entry.forms.set(encoding, form);
        form.then(
          (bytes) => {
            entry.formBytes += bytes.length;
            account(kept, entry);
          },
          () => entry.forms.delete(encoding),
        );
      }
      return form;
    },
  };
  return entry;
}

/**
 * The range answer for `caller` and `query` as it stands now: a kept one at the company's current
 * version, else built (one build per key at a time; a request that saw a newer version than a
 * build under way waits for it, then builds again).
 */
export async function rangeAnswer(deps: Pick<Deps, 'db'>, caller: Caller, query: AppointmentListQuery): Promise<RangeAnswer> {
  const kept = keptFor(deps.db);
  const key = JSON.stringify([caller.companyId, viewerOf(caller).personId, ...queryKey(query)]);
  const version = await appointmentsVersion(deps.db, caller.companyId);
  noteVersion(kept, caller.companyId, version);
  const entry = kept.answers.get(key);
  if (entry && entry.version === version) {
    kept.hits++;
    kept.answers.touch(key);
    return entry;
  }
  for (;;) {
    let pending = kept.building.get(key);
    if (!pending) {
      pending = build(deps, kept, caller, query, key).finally(() => kept.building.delete(key));
      kept.building.set(key, pending);
    }
    const built = await pending;
    if (built.version >= version) {
      keep(kept, built);
      return built;
    }
  }
}

/** What this database's kept range answers hold now (tests). */
export function keptRangeAnswers(db: Kysely<Database>) {
  const kept = keptFor(db);
  return { keys: kept.answers.keys(), bytes: kept.answers.bytes, budget: kept.answers.budget, builds: kept.builds, hits: kept.hits };
}

/** Sets this database's budget for kept range answers (tests; the server takes CALENDAR_CACHE_MB). */
export function setRangeAnswerBudget(db: Kysely<Database>, bytes: number): void {
  const { answers } = keptFor(db);
  answers.budget = bytes;
  answers.evict();
}
