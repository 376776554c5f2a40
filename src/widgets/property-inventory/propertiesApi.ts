/**
 * The only file of the property inventory that calls the API (docs/architecture.md, house rule 3).
 * Every answer is parsed with a contract schema here, so the screens never see raw JSON.
 */
import { useMemo } from 'react';
import {
  APPOINTMENT_PATHS,
  AppointmentListAnswer,
  DEFAULT_TIME_ZONE,
  MatchingLeadsAnswer,
  PROPERTY_PATHS,
  PropertiesListAnswer,
  PropertyAnswer,
  parseImageList,
  type Appointment,
  type Id,
  type MatchingLead,
  type Property,
  type PropertyFields,
} from '../../contract';
import type { ApiClient } from '../../core';
import type { UploadProgress } from '../../core/api';
import { useApi } from '../../runtime';
import { filterQuery, type PropertiesPage, type PropertyFilters } from './propertiesModel';

/** What Add Property sends: the checked fields plus the picked files. */
export interface NewProperty {
  fields: PropertyFields;
  cover?: File | null;
  others?: readonly File[];
}

/** The property calls (src/contract/properties.ts). */
export interface PropertiesApi {
  /**
   * GET /properties?page&limit=12 (+ search and filters) → `data`, `total`; beyond the original
   * description `cursor` (an earlier answer's `next_cursor`; the page number goes too, for a
   * backend that has no cursors) → `next_cursor`.
   */
  list(query: { page: number; limit: number; filters: PropertyFilters; cursor?: string }, signal?: AbortSignal): Promise<PropertiesPage>;
  /** GET /properties/{id} → `data`. */
  get(id: Id, signal?: AbortSignal): Promise<Property>;
  /** POST /properties, multipart: scalars as text, `property_cover_image`, `property_other_images[]` → `message`. */
  create(property: NewProperty): Promise<string | undefined>;
  /** PUT /properties/{id}, JSON fields → status only. */
  update(id: Id, fields: Partial<PropertyFields>): Promise<void>;
  /** DELETE /properties/{id} → status only. */
  remove(id: Id): Promise<void>;
  /** Beyond the original description: POST /properties/{id}/images, multipart `images[]` → the property with its gallery. */
  addImages(id: Id, files: readonly File[], onProgress?: (progress: UploadProgress) => void): Promise<Property>;
  /** Beyond the original description: PUT /properties/{id}/images `{ order, cover }` → the property with its gallery. */
  orderImages(id: Id, order: readonly Id[], cover: Id | null): Promise<Property>;
  /** Beyond the original description: DELETE /properties/{id}/images/{imageId} → the property with its gallery. */
  removeImage(id: Id, imageId: Id): Promise<Property>;
  /** Beyond the original description: GET /properties/{id}/leads → up to 10 matching leads and how many match (at least, when `capped`). */
  matchingLeads(id: Id, signal?: AbortSignal): Promise<{ leads: MatchingLead[]; total: number; capped: boolean }>;
  /** Beyond the original description: GET /properties/{id}/appointments?upcoming=1 → the visits not over, soonest first, and the company's zone. */
  upcomingVisits(id: Id, signal?: AbortSignal): Promise<{ visits: Appointment[]; timeZone: string }>;
}

/** Other images as a list whatever form they arrived in (docs/product/data.md: a list or JSON text). */
const normalise = (property: Property): Property => ({
  ...property,
  property_other_images: parseImageList(property.property_other_images),
});

/**
 * The property calls over an API client.
 *
 * @example
 * const properties = createPropertiesApi(runtime.api);
 * const { properties: rows, total } = await properties.list({ page: 1, limit: 12, filters: NO_FILTERS });
 */
export function createPropertiesApi(api: ApiClient): PropertiesApi {
  return {
    async list({ page, limit, filters, cursor }, signal) {
      const query = { page, limit, ...filterQuery(filters), ...(cursor ? { cursor } : {}) };
      const answer = await api.get(PROPERTY_PATHS.list, { query, schema: PropertiesListAnswer, signal });
      const rows = { properties: answer.data.map(normalise), total: answer.total };
      // Absent (not null) from a backend that speaks only the original calls: the grid then pages by number.
      return answer.next_cursor === undefined ? rows : { ...rows, nextCursor: answer.next_cursor };
    },
    async get(id, signal) {
      const answer = await api.get(PROPERTY_PATHS.one(id), { schema: PropertyAnswer, signal });
      return normalise(answer.data);
    },
    async create({ fields, cover, others = [] }) {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) {
        if (value !== null && value !== undefined && value !== '') form.append(key, String(value));
      }
      if (cover) form.append('property_cover_image', cover, cover.name);
      for (const file of others) form.append('property_other_images[]', file, file.name);
      const answer = await api.upload(PROPERTY_PATHS.create, { body: form });
      const message = (answer as { message?: unknown } | null)?.message;
      return typeof message === 'string' ? message : undefined;
    },
    async update(id, fields) {
      await api.put(PROPERTY_PATHS.one(id), { body: fields });
    },
    async remove(id) {
      await api.del(PROPERTY_PATHS.one(id));
    },
    async addImages(id, files, onProgress) {
      const form = new FormData();
      for (const file of files) form.append('images[]', file, file.name);
      const answer = await api.upload(PROPERTY_PATHS.images(id), { body: form, schema: PropertyAnswer, ...(onProgress ? { onUploadProgress: onProgress } : {}) });
      return normalise(answer.data);
    },
    async orderImages(id, order, cover) {
      const answer = await api.put(PROPERTY_PATHS.images(id), { body: { order, cover }, schema: PropertyAnswer });
      return normalise(answer.data);
    },
    async removeImage(id, imageId) {
      const answer = await api.del(PROPERTY_PATHS.image(id, imageId), { schema: PropertyAnswer });
      return normalise(answer.data);
    },
    async matchingLeads(id, signal) {
      const answer = await api.get(PROPERTY_PATHS.leads(id), { schema: MatchingLeadsAnswer, signal });
      return { leads: answer.data, total: answer.total, capped: answer.capped === true };
    },
    async upcomingVisits(id, signal) {
      const answer = await api.get(APPOINTMENT_PATHS.ofProperty(id), { query: { upcoming: 1 }, schema: AppointmentListAnswer, signal });
      return { visits: answer.data, timeZone: answer.time_zone || DEFAULT_TIME_ZONE };
    },
  };
}

/** The property calls of the runtime in context. */
export function usePropertiesApi(): PropertiesApi {
  const api = useApi();
  return useMemo(() => createPropertiesApi(api), [api]);
}
