/**
 * The only file of the property inventory that calls the API (DESIGN, house rule 3). Every
 * answer is parsed with a contract schema here, so the screens never see raw JSON.
 */
import { useMemo } from 'react';
import { PROPERTY_PATHS, PropertiesListAnswer, PropertyAnswer, parseImageList, type Id, type Property, type PropertyFields } from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';
import { filterQuery, type PropertiesPage, type PropertyFilters } from './propertiesModel';

/** What Add Property sends: the checked fields plus the picked files. */
export interface NewProperty {
  fields: PropertyFields;
  cover?: File | null;
  others?: readonly File[];
}

/** The property calls of SPEC §7. */
export interface PropertiesApi {
  /** GET /properties?page&limit=12 (+ search and filters) → `data`, `total`. */
  list(query: { page: number; limit: number; filters: PropertyFilters }, signal?: AbortSignal): Promise<PropertiesPage>;
  /** GET /properties/{id} → `data`. */
  get(id: Id, signal?: AbortSignal): Promise<Property>;
  /** POST /properties, multipart: scalars as text, `property_cover_image`, `property_other_images[]` → `message`. */
  create(property: NewProperty): Promise<string | undefined>;
  /** PUT /properties/{id}, JSON fields → status only. */
  update(id: Id, fields: Partial<PropertyFields>): Promise<void>;
  /** DELETE /properties/{id} → status only. */
  remove(id: Id): Promise<void>;
}

/** Other images as a list whatever form they arrived in (SPEC §3: a list or JSON text). */
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
    async list({ page, limit, filters }, signal) {
      const answer = await api.get(PROPERTY_PATHS.list, { query: { page, limit, ...filterQuery(filters) }, schema: PropertiesListAnswer, signal });
      return { properties: answer.data.map(normalise), total: answer.total };
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
  };
}

/** The property calls of the runtime in context. */
export function usePropertiesApi(): PropertiesApi {
  const api = useApi();
  return useMemo(() => createPropertiesApi(api), [api]);
}
