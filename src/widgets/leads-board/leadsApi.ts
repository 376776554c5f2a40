/**
 * The only file of the leads board that calls the API (docs/architecture.md, house rule 3). Every
 * answer is parsed with a contract schema here, so the screens never see raw JSON.
 */
import { useMemo } from 'react';
import * as z from 'zod/mini';
import {
  BulkDeleteAnswer,
  BulkWorkflowAnswer,
  ImportAnswer,
  LEAD_PATHS,
  LeadAnswer,
  LeadConflictAnswer,
  LeadsListAnswer,
  LeadUpdateAnswer,
  LeadUpdateRequest,
  SuccessAnswer,
  WorkflowsAnswer,
  type Id,
  type ImportReport,
  type Lead,
  type LeadCreateRequest,
  type LeadSource,
  type Workflow,
} from '../../contract';
import { ApiError, isApiError, type ApiClient, type UploadOptions } from '../../core';
import { useApi } from '../../runtime';
import { ImportProgressAnswer, type ServerProgress } from './importProgress';

/** One page of a workflow's leads. */
export interface LeadsPage {
  leads: Lead[];
  total: number;
}

/** What `listLeads` asks for (src/contract/leads.ts). */
export interface LeadsQuery {
  workflowId: Id;
  pageNumber: number;
  pageSize: number;
  /** Sent only when not blank. */
  search?: string;
}

/** How much of an upload has been sent (`total` 0 while the browser cannot tell). */
export type UploadProgress = Parameters<NonNullable<UploadOptions['onUploadProgress']>>[0];

/** What an upload may carry besides its file. */
export interface ImportOptions {
  /** Names the import, so that `importProgress(importId)` can ask how far it is. */
  importId?: string;
  /** Hears how much of the file has been sent. */
  onUpload?: (progress: UploadProgress) => void;
}

/** The answer of a save: the server's answer, or a refusal because someone saved first (409). */
export type UpdateResult =
  | { kind: 'saved'; answer: LeadUpdateAnswer }
  | { kind: 'conflict'; message: string; lead: Lead };

/** The leads calls of src/contract/leads.ts, including export, sample and bulk calls. */
export interface LeadsApi {
  /** GET /leads/list/workflow/{id}?pageSize&pageNumber&search → `data.data`, `data.total`. */
  listLeads(query: LeadsQuery, signal?: AbortSignal): Promise<LeadsPage>;
  /** GET /leads/{id} → `data.data.data`. */
  getLead(id: Id, signal?: AbortSignal): Promise<Lead>;
  /** PUT /leads/{id} → `data` or `message`; 409 with the fresh lead when the version is stale. */
  updateLead(id: Id, body: z.input<typeof LeadUpdateRequest>): Promise<UpdateResult>;
  /** POST /leads/store (200 or 201). */
  storeLead(body: LeadCreateRequest): Promise<void>;
  /** POST /leads/import, multipart field `file` (with its name: the server reads the extension), `?import_id=` → `data.data`. */
  importLeads(file: File, options?: ImportOptions): Promise<ImportReport>;
  /** GET /leads/import/progress/{id} → `data`: how far the import named `id` is (404 until the server starts it). */
  importProgress(id: string, signal?: AbortSignal): Promise<ServerProgress>;
  /** GET /leads/import/sample → the sample CSV. */
  sampleFile(): Promise<Blob>;
  /** GET /leads/export/workflow/{id}?search= → the tab as CSV. */
  exportLeads(workflowId: Id, search?: string): Promise<Blob>;
  /** POST /leads/bulk/delete → how many were deleted. */
  bulkDelete(ids: number[]): Promise<number>;
  /** POST /leads/bulk/workflow → how many were moved. */
  bulkWorkflow(ids: number[], workflowId: number): Promise<number>;
  /** PUT /leads/source/{id}. */
  setSource(id: Id, leadSource: LeadSource): Promise<void>;
  /** PUT /leads/activity/{id}, a 1-based index. */
  setActivity(id: Id, activities: number): Promise<void>;
  /** PUT /leads/property/{id}, a 1-based index. */
  setPropertyType(id: Id, propertyType: number): Promise<void>;
  /** POST /leads/workflow/{id}. */
  setWorkflow(id: Id, workflowId: number): Promise<void>;
  /** DELETE /leads/{id}. */
  deleteLead(id: Id): Promise<void>;
  /** GET /workflow/list → `data`. */
  workflows(signal?: AbortSignal): Promise<Workflow[]>;
}

/** A downloaded file as a Blob, whatever the client decoded it to (text for text/csv). */
function asBlob(body: unknown, path: string): Blob {
  if (body instanceof Blob) return body;
  if (typeof body === 'string') return new Blob([body], { type: 'text/csv;charset=utf-8' });
  throw new ApiError({ kind: 'parse', status: 200, method: 'GET', path, body, description: `GET ${path} did not answer a file` });
}

/**
 * The leads calls over an API client.
 *
 * @example
 * const leads = createLeadsApi(runtime.api);
 * const { leads: rows, total } = await leads.listLeads({ workflowId: 1, pageNumber: 1, pageSize: 10 });
 */
export function createLeadsApi(api: ApiClient): LeadsApi {
  const ok = async (promise: Promise<unknown>) => {
    await promise;
  };
  const download = async (path: string, query?: Record<string, string | undefined>) =>
    asBlob(await api.get(path, { query, headers: { Accept: 'text/csv, application/octet-stream, */*' } }), path);

  return {
    async listLeads({ workflowId, pageNumber, pageSize, search }, signal) {
      const text = search?.trim();
      const answer = await api.get(LEAD_PATHS.list(workflowId), {
        query: { pageSize, pageNumber, search: text || undefined },
        schema: LeadsListAnswer,
        signal,
      });
      return { leads: answer.data.data, total: answer.data.total };
    },
    async getLead(id, signal) {
      const answer = await api.get(LEAD_PATHS.one(id), { schema: LeadAnswer, signal });
      return answer.data.data.data;
    },
    async updateLead(id, body) {
      try {
        const raw = await api.put(LEAD_PATHS.one(id), { body });
        const parsed = z.safeParse(LeadUpdateAnswer, raw);
        if (parsed.success) return { kind: 'saved', answer: parsed.data };
        // `data` that is not a lead: keep the message, if any, as docs/product/messages.md reads it (`leads.updated`).
        const loose = z.safeParse(SuccessAnswer, raw);
        const message = loose.success && typeof loose.data.message === 'string' ? loose.data.message : undefined;
        return { kind: 'saved', answer: message ? { message } : {} };
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          const conflict = z.safeParse(LeadConflictAnswer, error.body);
          if (conflict.success) return { kind: 'conflict', message: conflict.data.message, lead: conflict.data.data };
        }
        throw error;
      }
    },
    // Any 200 or 201 is a success; the body is not read.
    storeLead: (body) => ok(api.post(LEAD_PATHS.store, { body })),
    async importLeads(file, { importId, onUpload } = {}) {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await api.upload(LEAD_PATHS.import, {
        body: form,
        query: { import_id: importId },
        onUploadProgress: onUpload,
        schema: ImportAnswer,
      });
      return answer.data.data;
    },
    async importProgress(id, signal) {
      const answer = await api.get(`${LEAD_PATHS.import}/progress/${encodeURIComponent(id)}`, { schema: ImportProgressAnswer, signal });
      return answer.data;
    },
    sampleFile: () => download(LEAD_PATHS.importSample),
    exportLeads: (workflowId, search) => download(LEAD_PATHS.export(workflowId), { search: search?.trim() || undefined }),
    async bulkDelete(ids) {
      const answer = await api.post(LEAD_PATHS.bulkDelete, { body: { ids }, schema: BulkDeleteAnswer });
      return answer.data.deleted;
    },
    async bulkWorkflow(ids, workflowId) {
      const answer = await api.post(LEAD_PATHS.bulkWorkflow, { body: { ids, workflowId }, schema: BulkWorkflowAnswer });
      return answer.data.updated;
    },
    setSource: (id, leadSource) => ok(api.put(LEAD_PATHS.source(id), { body: { lead_source: leadSource } })),
    setActivity: (id, activities) => ok(api.put(LEAD_PATHS.activity(id), { body: { activities } })),
    setPropertyType: (id, propertyType) => ok(api.put(LEAD_PATHS.propertyType(id), { body: { property_type: propertyType } })),
    setWorkflow: (id, workflowId) => ok(api.post(LEAD_PATHS.workflow(id), { body: { workflowId } })),
    deleteLead: (id) => ok(api.del(LEAD_PATHS.one(id))),
    async workflows(signal) {
      const answer = await api.get(LEAD_PATHS.workflows, { schema: WorkflowsAnswer, signal });
      return answer.data;
    },
  };
}

/**
 * The leads calls of the runtime in context.
 *
 * @example
 * const leads = useLeadsApi();
 * await leads.deleteLead(7);
 */
export function useLeadsApi(): LeadsApi {
  const api = useApi();
  return useMemo(() => createLeadsApi(api), [api]);
}
