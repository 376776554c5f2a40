/** Leads as the API answers them (contract `Lead`): the joined name and the status name. */
import { joinName } from '@contract';
import type { LeadRow } from './repository';

/**
 * What JavaScript's String.prototype.trim removes, for the lists whose JSON the database writes
 * (list.repository.ts, postgresList.repository.ts): their `name` must trim as joinName does, and
 * SQLite's trim() and PostgreSQL's btrim() remove only spaces unless told which characters.
 */
export const JS_WHITESPACE = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

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
    follow_up_at: row.follow_up_at ?? null,
  };
}
export type LeadAnswerBody = ReturnType<typeof toLead>;
