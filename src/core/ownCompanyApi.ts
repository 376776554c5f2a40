/**
 * The signed-in person's own company, fetched once for the brand when the session has no cached
 * company data (docs/product/rules.md: the stored company id, the `companyData` cache). Kept in the
 * session's cache, so every widget of the namespace and the next page load read it without asking
 * again.
 */
import * as z from 'zod/mini';
import { COMPANY_PATHS } from '../contract/companyPaths';
import type { Runtime } from './runtime';

// Every page carries this file: the company's full schema stays with the widgets that show a
// company (they parse the cache again); the brand needs only an object with an id.
const OwnCompanyAnswer = z.looseObject({ data: z.looseObject({ id: z.union([z.number(), z.string()]) }) });

/** Whether the cache lacks the company `companyId` (empty, or holding another company's copy). */
export function needsOwnCompany(companyData: unknown, companyId: string | number): boolean {
  if (companyData == null) return true;
  const cachedId = (companyData as { id?: unknown }).id;
  return cachedId != null && String(cachedId) !== String(companyId);
}

// One request per runtime and company at a time, however many widgets ask.
const pending = new WeakMap<Runtime, string>();

/**
 * Fetches the session's company into its cache unless it is cached already or nobody with a
 * company is signed in. A failure leaves the cache empty (the suite keeps its own colours).
 *
 * @example
 * await loadOwnCompany(runtime); // runtime.session.getState().companyData is the company
 */
export async function loadOwnCompany(runtime: Runtime): Promise<void> {
  const { token, companyId, companyData } = runtime.session.getState();
  if (!token || companyId === null || !needsOwnCompany(companyData, companyId)) return;
  const key = `${token}|${companyId}`;
  if (pending.get(runtime) === key) return;
  pending.set(runtime, key);
  try {
    const answer = await runtime.api.get(COMPANY_PATHS.one(companyId), { schema: OwnCompanyAnswer });
    const now = runtime.session.getState();
    // Signed out or switched company while the answer travelled: it is not theirs.
    if (now.token === token && now.companyId === companyId) now.setCompanyData(answer.data);
  } catch (error) {
    console.warn('EstateDesk: the company brand could not be loaded', error);
  } finally {
    if (pending.get(runtime) === key) pending.delete(runtime);
  }
}
