/**
 * The signed-in person's company brand, for the appearance of every widget in a namespace or
 * provider: read from the session's cached company data, fetched once when there is none.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { sessionBrand, type Brand } from '../core/brand';
import { loadOwnCompany, needsOwnCompany } from '../core/ownCompanyApi';
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
    if (token && companyId !== null && needsOwnCompany(companyData, companyId)) void loadOwnCompany(runtime);
  }, [runtime, token, companyId, companyData]);
  return useMemo(() => sessionBrand({ token, companyId, companyData }), [token, companyId, companyData]);
}
