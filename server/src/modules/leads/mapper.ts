/** Leads as the API answers them (SPEC §3, contract `Lead`): the joined name and the status name. */
import { joinName } from '@contract';
import type { LeadRow } from './repository';

/** One lead of a list, get, update or conflict answer. */
export function toLead(row: LeadRow) {
  return {
    id: row.id,
    name: joinName(row.first_name, row.last_name),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    country: row.country,
    lead_source: row.lead_source,
    property_type: row.property_type,
    workflow: row.workflow,
    workflow_id: row.workflow_id,
    activities: row.activities,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type LeadAnswerBody = ReturnType<typeof toLead>;
