/**
 * The leads board's one calendar call: each shown lead's next appointment, for the whole page in
 * one request (GET /appointments/next, src/contract/appointments.ts). Apart from `leadsApi.ts` so
 * the board's first chunk carries none of it: it loads with the rows' appointment lines.
 */
import { useMemo } from 'react';
import { APPOINTMENT_PATHS, DEFAULT_TIME_ZONE, NextAppointmentsAnswer, type Appointment } from '../../contract/appointments';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';

/** Each lead's next appointment by the lead's id as text, and the company's time zone. */
export interface NextAppointments {
  byLead: ReadonlyMap<string, Appointment>;
  timeZone: string;
}

export interface NextAppointmentsApi {
  /** GET /appointments/next?lead_ids=… → `data` by lead, `time_zone`. */
  next(leadIds: readonly string[], signal?: AbortSignal): Promise<NextAppointments>;
}

/**
 * @example
 * const { byLead, timeZone } = await createNextAppointmentsApi(runtime.api).next(['7', '8']);
 */
export function createNextAppointmentsApi(api: ApiClient): NextAppointmentsApi {
  return {
    async next(leadIds, signal) {
      const answer = await api.get(APPOINTMENT_PATHS.next, { query: { lead_ids: leadIds.join(',') }, schema: NextAppointmentsAnswer, signal });
      const byLead = new Map<string, Appointment>();
      // One per lead, soonest first: the first seen is the lead's next (a looser server may send more).
      for (const appointment of answer.data) {
        const lead = appointment.lead_id == null ? '' : String(appointment.lead_id);
        if (lead && !byLead.has(lead)) byLead.set(lead, appointment);
      }
      return { byLead, timeZone: answer.time_zone || DEFAULT_TIME_ZONE };
    },
  };
}

/** The call over the runtime's API client. */
export function useNextAppointmentsApi(): NextAppointmentsApi {
  const api = useApi();
  return useMemo(() => createNextAppointmentsApi(api), [api]);
}
