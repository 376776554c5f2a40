/**
 * The bell's appointments (contract `DueAppointmentsAnswer`): the caller's own open appointments
 * from now to the end of the company's day, and the overdue ones — started before now within the
 * last `rangeDays` and still proposed or confirmed (nobody marked them done, cancelled or a
 * no-show). Whoever the user type, only one's own: the bell says what is due for the person.
 */
import { APPOINTMENT_LIMITS, type DueAppointments, DUE_LIMIT } from '@contract';
import { dayRange } from '../../lib/zoned-time';
import type { Deps } from '../../types';
import { dueAppointments } from './due.repository';
import { companyTimeZone } from './references.repository';
import { answersOf, type Caller } from './service';

const DAY_MS = 86_400_000;

export async function dueFor(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller): Promise<DueAppointments> {
  const now = deps.clock().getTime();
  const timeZone = await companyTimeZone(deps.db, caller.companyId);
  const { end } = dayRange(now, timeZone);
  const person = { companyId: caller.companyId, personId: caller.user.id };
  const iso = (ms: number) => new Date(ms).toISOString();
  const [today, overdue] = await Promise.all([
    dueAppointments(deps.db, { ...person, from: iso(now), to: iso(end) }, 'asc', DUE_LIMIT),
    dueAppointments(deps.db, { ...person, from: iso(now - APPOINTMENT_LIMITS.rangeDays * DAY_MS), to: iso(now) }, 'desc', DUE_LIMIT),
  ]);
  const [todayAnswers, overdueAnswers] = await Promise.all([answersOf(deps, today.rows), answersOf(deps, overdue.rows)]);
  return {
    data: { today: todayAnswers, overdue: overdueAnswers, today_total: today.total, overdue_total: overdue.total },
    time_zone: timeZone,
  };
}
