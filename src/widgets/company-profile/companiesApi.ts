/**
 * The only file of the company screens that calls the API (docs/architecture.md, house rule 3).
 * Every answer is parsed with a contract schema here, so the screens never see raw JSON; list
 * fields always come out as lists whatever form they arrived in.
 */
import { useMemo } from 'react';
import { COMPANY_PATHS, CompaniesAnswer, CompanyAnswer, type Company, type CompanyCreateFields, type CompanyUpdateRequest, type Id } from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';
import { LIST_FIELDS, MEDIA_FIELDS, type MediaField } from './companyModel';

/** Pictures picked for a company, by field. */
export type CompanyMedia = Partial<Record<MediaField, File | null>>;

/** The company calls of src/contract/companies.ts (and the media replacement a company admin may make). */
export interface CompaniesApi {
  /** GET /company → the list of companies. */
  list(signal?: AbortSignal): Promise<Company[]>;
  /** GET /company/{id} → the company. */
  get(id: Id, signal?: AbortSignal): Promise<Company>;
  /** POST /company, multipart: scalars as they are, list fields as JSON text, files icon, logo, cover_photo. */
  create(fields: CompanyCreateFields, media: CompanyMedia): Promise<void>;
  /** PUT /company/{id}, JSON of the edited fields → the saved company when the answer holds one. */
  update(id: Id, fields: CompanyUpdateRequest): Promise<Company | null>;
  /** POST /company/{id}/media, multipart: whichever of icon, logo, cover_photo were picked → the saved company. */
  replaceMedia(id: Id, media: CompanyMedia): Promise<Company | null>;
  /** DELETE /company/{id} → status only. */
  remove(id: Id): Promise<void>;
}

/** The multipart body of a new company (src/contract/companies.ts). */
export function createBody(fields: CompanyCreateFields, media: CompanyMedia): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(key, (LIST_FIELDS as readonly string[]).includes(key) ? JSON.stringify(value) : String(value));
  }
  appendMedia(form, media);
  return form;
}

function appendMedia(form: FormData, media: CompanyMedia): void {
  for (const field of MEDIA_FIELDS) {
    const file = media[field];
    if (file) form.append(field, file, file.name);
  }
}

const companyIn = (answer: unknown): Company | null => {
  const parsed = CompanyAnswer.safeParse(answer);
  return parsed.success ? parsed.data.data : null;
};

/**
 * The company calls over an API client.
 *
 * @example
 * const companies = createCompaniesApi(runtime.api);
 * const rows = await companies.list();
 */
export function createCompaniesApi(api: ApiClient): CompaniesApi {
  return {
    async list(signal) {
      return (await api.get(COMPANY_PATHS.list, { schema: CompaniesAnswer, signal })).data;
    },
    async get(id, signal) {
      return (await api.get(COMPANY_PATHS.one(id), { schema: CompanyAnswer, signal })).data;
    },
    async create(fields, media) {
      await api.upload(COMPANY_PATHS.create, { body: createBody(fields, media) });
    },
    async update(id, fields) {
      return companyIn(await api.put(COMPANY_PATHS.one(id), { body: fields }));
    },
    async replaceMedia(id, media) {
      const form = new FormData();
      appendMedia(form, media);
      return companyIn(await api.upload(COMPANY_PATHS.media(id), { body: form }));
    },
    async remove(id) {
      await api.del(COMPANY_PATHS.one(id));
    },
  };
}

/** The company calls of the runtime in context. */
export function useCompaniesApi(): CompaniesApi {
  const api = useApi();
  return useMemo(() => createCompaniesApi(api), [api]);
}
