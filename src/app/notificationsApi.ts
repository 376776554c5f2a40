/** The bell's one call: GET /appointments/due, parsed with the contract's schema. */
import { APPOINTMENT_PATHS, DueAppointmentsAnswer, type DueAppointments } from '../contract';
import type { ApiClient } from '../core';

export const dueKey = ['appointments', 'due'] as const;

/** @example const due = await fetchDue(runtime.api); */
export function fetchDue(api: ApiClient, signal?: AbortSignal): Promise<DueAppointments> {
  return api.get(APPOINTMENT_PATHS.due, { schema: DueAppointmentsAnswer, signal });
}
