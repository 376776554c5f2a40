/**
 * Recent summaries per company, so a dashboard polled by many people costs one count per company
 * at most every FRESH_MS. Any successful change a company's user makes through the API drops the
 * company's entry before the answer goes out, and moves the company's stamp that other processes
 * compare theirs with (freshness.ts), so a new lead shows on the next call; what changes outside a
 * request (a lead import's worker finishing) shows within FRESH_MS.
 */
import { type DashboardSummary, SUMMARY_FRESH_SECONDS } from '@contract';

/** Every figure of the company, before visibility is applied. */
export type CompanySummary = Pick<
  DashboardSummary,
  'generated_at' | 'has_data' | 'conversions' | 'properties' | 'leads' | 'leads_vs_won' | 'agents_vs_properties' | 'top_properties' | 'latest_leads' | 'visits'
>;

/** Half of the contract's minute: what an entry may lag behind changes made outside a request. */
export const FRESH_MS = (SUMMARY_FRESH_SECONDS * 1000) / 2;
/** Past this many companies' entries, stale ones are swept before another is kept. */
const MAX_ENTRIES = 1000;

interface Entry<T> {
  at: number;
  stamp: string | null;
  value: Promise<T>;
}

export class SummaryCache<T> {
  private readonly entries = new Map<number, Entry<T>>();

  constructor(private readonly now: () => number) {}

  /**
   * The company's entry if fresh and made under the same `stamp` (the company's changes as the
   * processes share them, read before computing), else `compute()`'s, shared by the callers that
   * ask meanwhile. A failed computation is not kept.
   */
  get(companyId: number, compute: () => Promise<T>, stamp: string | null = null): Promise<T> {
    const entry = this.entries.get(companyId);
    const now = this.now();
    if (entry && entry.stamp === stamp && now - entry.at < FRESH_MS && now >= entry.at) return entry.value;
    const value = compute();
    const fresh = { at: now, stamp, value };
    if (this.entries.size >= MAX_ENTRIES) this.dropStale(now);
    this.entries.set(companyId, fresh);
    value.catch(() => {
      if (this.entries.get(companyId) === fresh) this.entries.delete(companyId);
    });
    return value;
  }

  /** Entries past their time are only replaced when asked for again; many companies' are swept here. */
  private dropStale(now: number): void {
    for (const [companyId, entry] of this.entries) if (now - entry.at >= FRESH_MS || now < entry.at) this.entries.delete(companyId);
  }

  /** Drops one company's entry, or every entry (`null`: a change by someone of no company). */
  invalidate(companyId: number | null): void {
    if (companyId === null) this.entries.clear();
    else this.entries.delete(companyId);
  }
}
