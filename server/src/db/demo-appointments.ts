/**
 * The demo calendar: a handful of appointments per demo company over the current and the next
 * week (site visits, follow-ups, a meeting), run by the company's people for its first leads and
 * properties. Deterministic: the same rows for the same clock, a few inserts.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Slots as (day from this week's Monday, start in minutes after midnight UTC, minutes long). 04:30 UTC is 10:00 in India. */
const PLAN = [
  { day: 0, at: 4 * 60 + 30, minutes: 60, kind: 'site_visit', properties: 2, status: 'confirmed', reminder: 60 },
  { day: 1, at: 9 * 60 + 30, minutes: 30, kind: 'follow_up', properties: 0, status: 'proposed', reminder: null },
  { day: 3, at: 6 * 60, minutes: 90, kind: 'site_visit', properties: 1, status: 'confirmed', reminder: 30 },
  { day: 4, at: 3 * 60 + 30, minutes: 45, kind: 'meeting', properties: 0, status: 'confirmed', reminder: 15 },
  { day: 7, at: 5 * 60, minutes: 60, kind: 'site_visit', properties: 3, status: 'proposed', reminder: 60 },
  { day: 9, at: 10 * 60, minutes: 30, kind: 'follow_up', properties: 0, status: 'proposed', reminder: null },
  { day: 11, at: 7 * 60 + 30, minutes: 60, kind: 'site_visit', properties: 1, status: 'cancelled', reminder: null },
] as const;

/** Writes the demo appointments of one company (its people, leads and properties must exist). */
export async function generateDemoAppointments(db: Kysely<Database>, options: { companyId: number; now: Date }): Promise<void> {
  const [people, leads, properties] = await Promise.all([
    db.selectFrom('users').select(['id', 'user_type']).where('company_id', '=', options.companyId).where('status', '=', 'active').orderBy('id').execute(),
    db.selectFrom('leads').select(['id']).where('company_id', '=', options.companyId).orderBy('id').limit(PLAN.length).execute(),
    db.selectFrom('properties').select(['id', 'address', 'location']).where('company_id', '=', options.companyId).orderBy('id').limit(12).execute(),
  ]);
  if (!people.length || !leads.length || !properties.length) return;
  const admin = people.find((p) => p.user_type === 'admin') ?? people[0]!;
  const agents = people.filter((p) => p.user_type === 'agent');
  const now = options.now.getTime();
  const sinceMonday = (new Date(now).getUTCDay() + 6) % 7;
  const monday = Math.floor(now / DAY_MS) * DAY_MS - sinceMonday * DAY_MS;
  const nowIso = options.now.toISOString();
  let nextProperty = 0;
  for (const [i, slot] of PLAN.entries()) {
    const agent = agents.length ? agents[i % agents.length]! : admin;
    const starts = monday + slot.day * DAY_MS + slot.at * MINUTE_MS;
    const shown = Array.from({ length: slot.properties }, () => properties[nextProperty++ % properties.length]!);
    const first = shown[0];
    const { id } = await db
      .insertInto('appointments')
      .values({
        company_id: options.companyId,
        kind: slot.kind,
        title: slot.kind === 'meeting' ? 'Weekly pipeline review' : null,
        lead_id: slot.kind === 'meeting' ? null : leads[i % leads.length]!.id,
        agent_id: slot.kind === 'meeting' ? admin.id : agent.id,
        starts_at: new Date(starts).toISOString(),
        ends_at: new Date(starts + slot.minutes * MINUTE_MS).toISOString(),
        place: first ? (first.address ?? first.location) : slot.kind === 'meeting' ? 'Office, conference room' : null,
        note: slot.kind === 'follow_up' ? 'Call back about the budget and the loan pre-approval.' : null,
        status: slot.status,
        outcome: null,
        reminder_minutes: slot.reminder,
        reminder_at: slot.reminder == null ? null : new Date(starts - slot.reminder * MINUTE_MS).toISOString(),
        // Reminders of the demo's past slots are not sent when the server starts.
        reminder_sent_at: slot.reminder != null && starts - slot.reminder * MINUTE_MS <= now ? nowIso : null,
        version: 1,
        created_by: admin.id,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (shown.length) {
      await db
        .insertInto('appointment_properties')
        .values(shown.map((p, position) => ({ appointment_id: id, property_id: p.id, position, feedback: null })))
        .execute();
    }
    const invitees = slot.kind === 'meeting' ? agents.map((a) => a.id) : [];
    if (invitees.length) await db.insertInto('appointment_invitees').values(invitees.map((user_id) => ({ appointment_id: id, user_id }))).execute();
  }
}
