/**
 * The only file of the audit log that calls the API (docs/architecture.md, house rule 3). Every
 * answer is parsed with a contract schema here, so the screen never sees raw JSON.
 */
import { useMemo } from 'react';
import { ACTIVITY_PATHS, ActivityAnswer, CompaniesAnswer, COMPANY_PATHS, joinName, MAX_PAGE_SIZE, USER_PATHS, UsersListAnswer, type ActivityPage } from '../../contract';
import type { ApiClient } from '../../core';
import { ApiError } from '../../core/ApiError';
import { useApi } from '../../runtime';
import type { PersonOption } from './auditModel';

/** The audit log's calls of src/contract/activity.ts, and the lists its filters choose from. */
export interface AuditApi {
  /** GET /activity with the filters (and `before`, `pageSize`) → `data`: the events, newest first, and `next`. */
  list(query: Record<string, string>, signal?: AbortSignal): Promise<ActivityPage>;
  /** GET /activity/export with the filters → the CSV, through the client (so with the token). */
  exportCsv(query: Record<string, string>): Promise<Blob>;
  /** GET /users (one page of the most the server gives) → the company's people, by name. */
  people(signal?: AbortSignal): Promise<PersonOption[]>;
  /** GET /company → every company, by name (the super admin's). */
  companies(signal?: AbortSignal): Promise<PersonOption[]>;
}

/** A downloaded file as a Blob, whatever the client decoded it to (text for text/csv). */
function asBlob(body: unknown, path: string): Blob {
  if (body instanceof Blob) return body;
  if (typeof body === 'string') return new Blob([body], { type: 'text/csv;charset=utf-8' });
  throw new ApiError({ kind: 'parse', status: 200, method: 'GET', path, body, description: `GET ${path} did not answer a file` });
}

/**
 * The audit log's calls over an API client.
 *
 * @example
 * const audit = createAuditApi(runtime.api);
 * const { data: events, next } = await audit.list({ record_type: 'lead', record_id: '42' });
 */
export function createAuditApi(api: ApiClient): AuditApi {
  return {
    async list(query, signal) {
      return (await api.get(ACTIVITY_PATHS.list, { query, schema: ActivityAnswer, signal })).data;
    },
    async exportCsv(query) {
      const body = await api.get(ACTIVITY_PATHS.export, { query, headers: { Accept: 'text/csv, application/octet-stream, */*' } });
      return asBlob(body, ACTIVITY_PATHS.export);
    },
    async people(signal) {
      const answer = await api.get(USER_PATHS.list, { query: { pageSize: MAX_PAGE_SIZE, pageNumber: 1 }, schema: UsersListAnswer, signal });
      return answer.data.users.flatMap((user) => {
        const id = user.id ?? user._id;
        if (id == null) return [];
        const label = user.name?.trim() || joinName(user.firstName, user.lastName) || user.email?.trim() || `Person #${id}`;
        return [{ value: String(id), label }];
      });
    },
    async companies(signal) {
      const answer = await api.get(COMPANY_PATHS.list, { schema: CompaniesAnswer, signal });
      return answer.data
        .map((company) => ({ value: String(company.id), label: company.display_name?.trim() || `Company #${company.id}` }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },
  };
}

/** The audit log's calls of the runtime in context. */
export function useAuditApi(): AuditApi {
  const api = useApi();
  return useMemo(() => createAuditApi(api), [api]);
}
