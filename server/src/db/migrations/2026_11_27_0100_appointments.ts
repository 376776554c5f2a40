/**
 * Appointments (the calendar): site visits, follow-ups and meetings of a company, the properties
 * a visit shows (with the lead's feedback on each), the colleagues invited, each person's private
 * calendar feed (only the SHA-256 of its token), the company's time zone, mail attachments in the
 * outbox (the .ics of an appointment mail), and the demo "Sales Agent" roles' calendar
 * permissions. FROZEN once shipped; it imports nothing from the app on purpose.
 *
 * Admins need no grant: every user type but agent holds every permission. Roles are the
 * customer's own, so only the roles still named as the demo made them ("sales-agent" slug) get
 * event-create, event-read and event-edit, as a new company's Sales Agent role does.
 */
import { type Generated, type Kysely, PostgresAdapter } from 'kysely';

/** The tables as this migration knows them. */
interface Tables {
  permissions: { id: Generated<number>; name: string };
  role_permissions: { role_id: number; permission_id: number };
  roles: { id: number; slug: string; updated_at: string };
}

const CALENDAR_PERMISSIONS = ['event-create', 'event-read', 'event-edit', 'event-delete'];
const SALES_AGENT_GRANTS = ['event-create', 'event-read', 'event-edit'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? 'timestamptz' : 'text';
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return pg
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await db.schema.alterTable('companies').addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Kolkata')).execute();
  await db.schema.alterTable('email_outbox').addColumn('attachments', 'text').execute();

  await withId('appointments')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('set null'))
    // Null only once the person was deleted; a save needs one.
    .addColumn('agent_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('starts_at', time, (c) => c.notNull())
    .addColumn('ends_at', time, (c) => c.notNull())
    .addColumn('place', 'text')
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('reminder_minutes', 'integer')
    // starts_at minus reminder_minutes, kept with them, so the sweep finds due reminders by index.
    .addColumn('reminder_at', time)
    .addColumn('reminder_sent_at', time)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  // A company's appointments between two times (the calendar's month), an agent's, the reminders due.
  await db.schema.createIndex('appointments_company_starts').on('appointments').columns(['company_id', 'starts_at']).execute();
  await db.schema.createIndex('appointments_agent_starts').on('appointments').columns(['agent_id', 'starts_at']).execute();
  await db.schema.createIndex('appointments_lead_starts').on('appointments').columns(['lead_id', 'starts_at']).execute();
  await db.schema.createIndex('appointments_reminder').on('appointments').column('reminder_at').execute();

  await db.schema
    .createTable('appointment_properties')
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('feedback', 'text')
    .addPrimaryKeyConstraint('appointment_properties_pk', ['appointment_id', 'property_id'])
    .execute();
  await db.schema.createIndex('appointment_properties_property').on('appointment_properties').column('property_id').execute();

  await db.schema
    .createTable('appointment_invitees')
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('appointment_invitees_pk', ['appointment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('appointment_invitees_user').on('appointment_invitees').column('user_id').execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  // A new database gets its permissions from the app's start-up sync, in the contract's order, and
  // its roles from the seed; an existing one gets the names now, so the grants below can name them.
  const typed = db as unknown as Kysely<Tables>;
  if (!(await typed.selectFrom('permissions').select('id').limit(1).executeTakeFirst())) return;
  await typed
    .insertInto('permissions')
    .values(CALENDAR_PERMISSIONS.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const permissions = await typed.selectFrom('permissions').select(['id', 'name']).where('name', 'in', SALES_AGENT_GRANTS).execute();
  const roles = await typed.selectFrom('roles').select('id').where('slug', '=', 'sales-agent').execute();
  if (!roles.length || !permissions.length) return;
  await typed
    .insertInto('role_permissions')
    .values(roles.flatMap((r) => permissions.map((p) => ({ role_id: Number(r.id), permission_id: Number(p.id) }))))
    .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
    .execute();
  // A new updated_at changes the holders' access stamp: open clients re-read their permissions.
  await typed.updateTable('roles').set({ updated_at: new Date().toISOString() }).where('id', 'in', roles.map((r) => Number(r.id))).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('appointment_invitees').execute();
  await db.schema.dropTable('appointment_properties').execute();
  await db.schema.dropTable('appointments').execute();
  await db.schema.alterTable('email_outbox').dropColumn('attachments').execute();
  await db.schema.alterTable('companies').dropColumn('time_zone').execute();
}
