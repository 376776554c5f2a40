/**
 * The only file of the calendar that calls the API (docs/architecture.md, house rule 3). Every
 * answer is parsed with a contract schema here, so the screens never see raw JSON.
 */
import { useMemo } from 'react';
import * as z from 'zod/mini';
import {
  AppointmentAnswer,
  AppointmentsAnswer,
  APPOINTMENT_PATHS,
  ClashesAnswer,
  LEAD_PATHS,
  LeadAnswer,
  LeadsListAnswer,
  PROPERTY_PATHS,
  PropertiesListAnswer,
  USER_PATHS,
  UsersListAnswer,
  WorkflowsAnswer,
  type Appointment,
  type AppointmentUpdateRequest,
  type Clash,
  type Id,
  type Workflow,
} from '../../contract';
import { ALL_CONTACTS, MAX_PAGE_SIZE } from '../../contract/constants';
import { joinName } from '../../contract/leads';
import { isApiError, type ApiClient } from '../../core';
import { useApi } from '../../runtime';

/** One choice of a picker: the id as text and what it is called. */
export interface Choice {
  value: string;
  label: string;
}

/** The appointments of a range and the zone the company's days are in. */
export interface RangeAnswer {
  appointments: Appointment[];
  timeZone: string;
}

/** A save's answer, or the refusal because someone saved first (409) with the fresh appointment. */
export type SaveResult = { kind: 'saved'; appointment: Appointment } | { kind: 'conflict'; message: string; appointment: Appointment };

/** What the clash check is asked (src/contract/appointments.ts, `ClashQuery`). */
export interface ClashQuestion {
  agent_id?: string;
  property_ids: readonly string[];
  lead_id?: string;
  starts_at: string;
  ends_at: string;
  except_id?: string;
}

/**
 * The body of a POST or PUT: the contract's fields (`AppointmentUpdateRequest`); a PUT also takes
 * the whole object GET answered, with its `version`.
 */
export type AppointmentBody = { [K in keyof AppointmentUpdateRequest]?: unknown } & Record<string, unknown>;

export interface CalendarApi {
  /** GET /appointments?from&to → `data`, `time_zone`. */
  range(from: string, to: string, signal?: AbortSignal): Promise<RangeAnswer>;
  /** POST /appointments → `data`. */
  create(body: AppointmentBody): Promise<Appointment>;
  /** PUT /appointments/{id} with `version` → `data`; 409: the fresh appointment. */
  update(id: Id, body: AppointmentBody): Promise<SaveResult>;
  /** DELETE /appointments/{id}. */
  remove(id: Id): Promise<void>;
  /** GET /appointments/clashes → `data`. */
  clashes(question: ClashQuestion, signal?: AbortSignal): Promise<Clash[]>;
  /** GET /leads/list/workflow/{All Contacts}?search → the first matches. */
  searchLeads(text: string, signal?: AbortSignal): Promise<Choice[]>;
  /** GET /properties?search → the first matches. */
  searchProperties(text: string, signal?: AbortSignal): Promise<Choice[]>;
  /** GET /users → the company's people (needs agent-read). */
  people(signal?: AbortSignal): Promise<Choice[]>;
  /** GET /workflow/list → the lead statuses a lead can be moved to (All Contacts is none). */
  leadStatuses(signal?: AbortSignal): Promise<Workflow[]>;
  /** GET /leads/{id} → its status id. */
  leadStatusOf(leadId: Id, signal?: AbortSignal): Promise<string | null>;
  /** POST /leads/workflow/{id}. */
  setLeadStatus(leadId: Id, workflowId: number): Promise<void>;
}

const SEARCH_SIZE = 20;

/**
 * The calendar's calls over an API client.
 *
 * @example
 * const calendar = createCalendarApi(runtime.api);
 * const { appointments, timeZone } = await calendar.range('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z');
 */
export function createCalendarApi(api: ApiClient): CalendarApi {
  let workflows: Promise<Workflow[]> | null = null;
  const allWorkflows = (signal?: AbortSignal) => {
    workflows ??= api.get(LEAD_PATHS.workflows, { schema: WorkflowsAnswer, signal }).then((a) => a.data);
    workflows.catch(() => (workflows = null));
    return workflows;
  };
  return {
    async range(from, to, signal) {
      const answer = await api.get(APPOINTMENT_PATHS.list, { query: { from, to }, schema: AppointmentsAnswer, signal });
      return { appointments: answer.data, timeZone: answer.time_zone };
    },
    async create(body) {
      return (await api.post(APPOINTMENT_PATHS.list, { body, schema: AppointmentAnswer })).data;
    },
    async update(id, body) {
      try {
        return { kind: 'saved', appointment: (await api.put(APPOINTMENT_PATHS.one(id), { body, schema: AppointmentAnswer })).data };
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          const fresh = z.safeParse(AppointmentAnswer, error.body);
          if (fresh.success) return { kind: 'conflict', message: error.message, appointment: fresh.data.data };
        }
        throw error;
      }
    },
    async remove(id) {
      await api.del(APPOINTMENT_PATHS.one(id));
    },
    async clashes(question, signal) {
      const query = { ...question, property_ids: question.property_ids.join(',') || undefined };
      return (await api.get(APPOINTMENT_PATHS.clashes, { query, schema: ClashesAnswer, signal })).data;
    },
    async searchLeads(text, signal) {
      const all = await allWorkflows(signal);
      const tab = all.find((w) => w.name === ALL_CONTACTS) ?? all[0];
      if (!tab) return [];
      const answer = await api.get(LEAD_PATHS.list(tab.id), {
        query: { pageSize: SEARCH_SIZE, pageNumber: 1, search: text.trim() || undefined },
        schema: LeadsListAnswer,
        signal,
      });
      return answer.data.data.map((lead) => ({
        value: String(lead.id),
        label: lead.name?.trim() || joinName(lead.first_name, lead.last_name) || lead.email || `Lead #${lead.id}`,
      }));
    },
    async searchProperties(text, signal) {
      const answer = await api.get(PROPERTY_PATHS.list, {
        query: { page: 1, limit: SEARCH_SIZE, search: text.trim() || undefined },
        schema: PropertiesListAnswer,
        signal,
      });
      return answer.data.flatMap((p) => {
        const id = p.id ?? (p as { _id?: Id })._id;
        return id == null ? [] : [{ value: String(id), label: p.title?.trim() || p.address?.trim() || `Property #${id}` }];
      });
    },
    async people(signal) {
      const answer = await api.get(USER_PATHS.list, { query: { pageSize: MAX_PAGE_SIZE, pageNumber: 1 }, schema: UsersListAnswer, signal });
      return answer.data.users.flatMap((user) => {
        const id = user.id ?? user._id;
        if (id == null) return [];
        return [{ value: String(id), label: user.name?.trim() || joinName(user.firstName, user.lastName) || user.email?.trim() || `Person #${id}` }];
      });
    },
    async leadStatuses(signal) {
      return (await allWorkflows(signal)).filter((w) => w.name !== ALL_CONTACTS);
    },
    async leadStatusOf(leadId, signal) {
      const lead = (await api.get(LEAD_PATHS.one(leadId), { schema: LeadAnswer, signal })).data.data.data;
      return lead.workflow_id == null ? null : String(lead.workflow_id);
    },
    async setLeadStatus(leadId, workflowId) {
      await api.post(LEAD_PATHS.workflow(leadId), { body: { workflowId } });
    },
  };
}

/** The calendar's calls of the runtime in context. */
export function useCalendarApi(): CalendarApi {
  const api = useApi();
  return useMemo(() => createCalendarApi(api), [api]);
}
