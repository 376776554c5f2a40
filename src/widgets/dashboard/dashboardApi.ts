/**
 * The only file of the dashboard that calls the API: GET /dashboard/summary, parsed with the
 * contract's schema (the company's real figures of the live mode).
 */
import { useMemo } from 'react';
import { DASHBOARD_PATHS, DashboardSummaryAnswer, type DashboardSummary } from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';

export interface DashboardApi {
  /** GET /dashboard/summary → the caller's company's figures, at most a minute old. */
  summary(signal?: AbortSignal): Promise<DashboardSummary>;
}

/** @example const { data } = await createDashboardApi(runtime.api).summary(); */
export function createDashboardApi(api: ApiClient): DashboardApi {
  return {
    async summary(signal) {
      return (await api.get(DASHBOARD_PATHS.summary, { schema: DashboardSummaryAnswer, signal })).data;
    },
  };
}

export function useDashboardApi(): DashboardApi {
  const api = useApi();
  return useMemo(() => createDashboardApi(api), [api]);
}

export const dashboardKeys = { summary: ['dashboard', 'summary'] } as const;
