/**
 * The appointment reads that carry the company's time zone beside their rows, for screens other
 * than the calendar that show times: each lead's next appointment (the leads board's rows, one
 * call a page) and a lead's or a property's list (a property's upcoming visits).
 */
import { APPOINTMENT_LIMITS, format, MESSAGES, type NextAppointmentsQuery, parseList } from '@contract';
import { invalid } from '../../lib/http-error';
import { isRowId } from '../../lib/ids';
import type { Deps } from '../../types';
import { nextOfLeads } from './next.repository';
import { companyTimeZone } from './references.repository';
import { answersOf, appointmentsOfRecord, type Caller, viewerOf } from './service';

/**
 * The next appointment of each named lead the caller sees (see `nextOfLeads`), soonest first.
 * Another company's lead has none here: the rows are the caller's company's only.
 */
export async function nextAppointments(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, query: NextAppointmentsQuery) {
  const named = parseList(query.lead_ids);
  if (named.length > APPOINTMENT_LIMITS.nextLeads) throw invalid({ lead_ids: [format(MESSAGES.appointments.tooManyLeads, { max: APPOINTMENT_LIMITS.nextLeads })] });
  // A text that is no id names no lead (PostgreSQL would refuse it as a parameter).
  const ids = [...new Set(named.map(Number).filter(isRowId))];
  const [rows, timeZone] = await Promise.all([nextOfLeads(deps.db, viewerOf(caller), ids, deps.clock().toISOString()), companyTimeZone(deps.db, caller.companyId)]);
  return { data: await answersOf(deps, rows), time_zone: timeZone };
}

/** A lead's or a property's appointments (`appointmentsOfRecord`) and the company's time zone. */
export async function recordAppointments(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  of: { leadId: number } | { propertyId: number },
  upcoming: boolean,
) {
  const [data, timeZone] = await Promise.all([appointmentsOfRecord(deps, caller, of, upcoming), companyTimeZone(deps.db, caller.companyId)]);
  return { data, time_zone: timeZone };
}
