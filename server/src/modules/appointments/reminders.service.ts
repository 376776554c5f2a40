/**
 * The reminder sweep: every minute each process looks for due reminders and sends those it
 * claims (reminders.repository.ts), so a reminder goes once however many processes run. A
 * reminder whose appointment is over by the time it is found is not sent late.
 */
import type { Deps } from '../../types';
import { appointmentMail } from './mails';
import { domainOf } from './notify.service';
import { companyPeople, companyTimeZone } from './references.repository';
import { claimReminder, dueReminders } from './reminders.repository';
import { answersOf } from './service';

export const SWEEP_EVERY_MS = 60_000;

/** Sends the reminders due now; how many were sent by this call. */
export async function sendDueReminders(deps: Deps): Promise<number> {
  const nowIso = deps.clock().toISOString();
  const due = await dueReminders(deps.db, nowIso);
  let sent = 0;
  for (const row of due) {
    if (row.agent_id == null || row.reminder_at == null) continue;
    if (!(await claimReminder(deps.db, row.id, row.reminder_at, nowIso))) continue;
    const [[appointment], [agent], timeZone] = await Promise.all([
      answersOf(deps, [row]),
      companyPeople(deps.db, row.company_id, [row.agent_id]),
      companyTimeZone(deps.db, row.company_id),
    ]);
    if (!appointment || !agent || agent.status === 'disabled') continue;
    await deps.mailer.send(appointmentMail('reminder', appointment, agent, { publicUrl: deps.config.publicUrl, domain: domainOf(deps.config.publicUrl), timeZone, by: null }));
    sent++;
  }
  return sent;
}
