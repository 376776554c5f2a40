/**
 * The signed-in person's company brand, for the appearance of every widget in a namespace or
 * provider: read from the session's cached company data, fetched once when there is none.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { brandOf, type Brand } from '../core/brand';
import { loadOwnCompany } from '../core/ownCompanyApi';
import type { Runtime } from '../core/runtime';

/**
 * The brand of the session's company, or null (signed out, no company, no usable colour, or
 * cached data of another company).
 * @example const style = appearanceStyle(withBrand(useBrand(runtime), appearance));
 */
export function useBrand(runtime: Runtime): Brand | null {
  const token = useStore(runtime.session, (s) => s.token);
  const companyId = useStore(runtime.session, (s) => s.companyId);
  const companyData = useStore(runtime.session, (s) => s.companyData);
  useEffect(() => {
    if (token && companyId !== null && companyData == null) void loadOwnCompany(runtime);
  }, [runtime, token, companyId, companyData]);
  return useMemo(() => {
    if (!token || companyId === null) return null;
    const cachedId = (companyData as { id?: unknown } | null)?.id;
    // The cache answers for the stored company only.
    if (cachedId != null && String(cachedId) !== String(companyId)) return null;
    return brandOf(companyData);
  }, [token, companyId, companyData]);
}
