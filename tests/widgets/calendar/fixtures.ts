import type { Appointment } from '../../../src/widgets/calendar/model/appointment';

let nextId = 1;

/** An appointment with its times and whatever else the test cares about. */
export function appointment(starts_at: string, ends_at: string, rest: Partial<Appointment> = {}): Appointment {
  return {
    id: nextId++,
    kind: 'site_visit',
    starts_at,
    ends_at,
    agent_id: 1,
    property_ids: [],
    lead_id: null,
    status: 'confirmed',
    ...rest,
  };
}
