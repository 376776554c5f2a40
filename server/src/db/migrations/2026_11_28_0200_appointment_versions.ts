/**
 * The calendar's range answers are kept finished in each process (modules/appointments/
 * rangeAnswers.ts). This migration gives them a way to know they are current:
 * `appointment_versions.version`, one row per company, raised by triggers whenever anything a
 * range answer shows changes — an appointment added, changed, moved or deleted, its properties or
 * invitees, and the names it embeds (a lead's name, a property's title, address or location, a
 * person's name, the company's time zone) — by this server, another process, or a hand-written
 * statement alike. A lead, property or person only counts while an appointment names them.
 * A reminder being claimed (`reminder_at`, `reminder_sent_at`) is not shown and raises nothing.
 * FROZEN once shipped; it imports nothing from the app on purpose.
 *
 * No foreign key to companies: deleting a company deletes its appointments, whose triggers write
 * this row again while the company goes. A company with no row yet has shown nothing that changed.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The appointment columns a range answer shows (modules/appointments/mapper.ts), with its company. */
const SHOWN = [
  'company_id',
  'kind',
  'title',
  'lead_id',
  'agent_id',
  'starts_at',
  'ends_at',
  'place',
  'note',
  'status',
  'outcome',
  'reminder_minutes',
  'version',
  'created_by',
  'created_at',
  'updated_at',
] as const;
const NAMES = ['first_name', 'last_name'] as const;
const PLACE = ['title', 'address', 'location'] as const;

const sqliteChanged = (columns: readonly string[]) => columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
const pgChanged = (columns: readonly string[]) => columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');

/** Raises the version of every company `select` names (one column, company ids); none: nothing. */
const raiseAll = (select: string) => `INSERT INTO appointment_versions (company_id, version)
    SELECT company_id, 1 FROM (${select}) raised WHERE company_id IS NOT NULL GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET version = appointment_versions.version + 1;`;
const raise = (company: string) => raiseAll(`SELECT ${company} AS company_id`);

/** Companies whose appointments name lead / property / person `id` (an expression). */
const ofLead = (id: string) => `SELECT company_id FROM appointments WHERE lead_id = ${id}`;
const ofProperty = (id: string) =>
  `SELECT a.company_id FROM appointment_properties p JOIN appointments a ON a.id = p.appointment_id WHERE p.property_id = ${id}`;
const ofPerson = (id: string) =>
  `SELECT company_id FROM appointments WHERE agent_id = ${id}
   UNION SELECT a.company_id FROM appointment_invitees i JOIN appointments a ON a.id = i.appointment_id WHERE i.user_id = ${id}`;
const ofAppointment = (id: string) => `SELECT company_id FROM appointments WHERE id = ${id}`;

async function sqlite(run: (text: string) => Promise<unknown>): Promise<void> {
  await run(`CREATE TRIGGER appointment_versions_insert AFTER INSERT ON appointments BEGIN ${raise('NEW.company_id')} END`);
  await run(`CREATE TRIGGER appointment_versions_delete AFTER DELETE ON appointments BEGIN ${raise('OLD.company_id')} END`);
  // Both companies when one moves; the same one twice otherwise, which costs nothing.
  await run(`CREATE TRIGGER appointment_versions_update AFTER UPDATE OF ${SHOWN.join(', ')} ON appointments
    WHEN ${sqliteChanged(SHOWN)} BEGIN ${raise('OLD.company_id')} ${raise('NEW.company_id')} END`);
  for (const table of ['appointment_properties', 'appointment_invitees']) {
    await run(`CREATE TRIGGER ${table}_versions_insert AFTER INSERT ON ${table} BEGIN ${raiseAll(ofAppointment('NEW.appointment_id'))} END`);
    // An appointment's own delete removes these rows too (cascade) once it is gone: its trigger raised.
    await run(`CREATE TRIGGER ${table}_versions_delete AFTER DELETE ON ${table} BEGIN ${raiseAll(ofAppointment('OLD.appointment_id'))} END`);
    await run(`CREATE TRIGGER ${table}_versions_update AFTER UPDATE ON ${table}
      BEGIN ${raiseAll(ofAppointment('OLD.appointment_id'))} ${raiseAll(ofAppointment('NEW.appointment_id'))} END`);
  }
  await run(`CREATE TRIGGER leads_appointment_versions AFTER UPDATE OF ${NAMES.join(', ')} ON leads
    WHEN ${sqliteChanged(NAMES)} BEGIN ${raiseAll(ofLead('NEW.id'))} END`);
  await run(`CREATE TRIGGER properties_appointment_versions AFTER UPDATE OF ${PLACE.join(', ')} ON properties
    WHEN ${sqliteChanged(PLACE)} BEGIN ${raiseAll(ofProperty('NEW.id'))} END`);
  await run(`CREATE TRIGGER users_appointment_versions AFTER UPDATE OF ${NAMES.join(', ')} ON users
    WHEN ${sqliteChanged(NAMES)} BEGIN ${raiseAll(ofPerson('NEW.id'))} END`);
  await run(`CREATE TRIGGER companies_appointment_versions AFTER UPDATE OF time_zone ON companies
    WHEN OLD.time_zone IS NOT NEW.time_zone BEGIN ${raise('NEW.id')} END`);
}

async function postgres(run: (text: string) => Promise<unknown>): Promise<void> {
  const fn = (name: string, body: string) =>
    run(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${body}
    RETURN NULL;
  END $$`);
  await fn(
    'appointment_versions_on_appointment',
    `IF TG_OP <> 'INSERT' THEN ${raise('OLD.company_id')} END IF;
    IF TG_OP <> 'DELETE' THEN ${raise('NEW.company_id')} END IF;`,
  );
  await run(`CREATE TRIGGER appointment_versions_insert_delete AFTER INSERT OR DELETE ON appointments
    FOR EACH ROW EXECUTE FUNCTION appointment_versions_on_appointment()`);
  await run(`CREATE TRIGGER appointment_versions_update AFTER UPDATE OF ${SHOWN.join(', ')} ON appointments
    FOR EACH ROW WHEN (${pgChanged(SHOWN)}) EXECUTE FUNCTION appointment_versions_on_appointment()`);
  await fn(
    'appointment_versions_on_link',
    `IF TG_OP <> 'INSERT' THEN ${raiseAll(ofAppointment('OLD.appointment_id'))} END IF;
    IF TG_OP <> 'DELETE' THEN ${raiseAll(ofAppointment('NEW.appointment_id'))} END IF;`,
  );
  for (const table of ['appointment_properties', 'appointment_invitees']) {
    await run(`CREATE TRIGGER ${table}_versions AFTER INSERT OR UPDATE OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION appointment_versions_on_link()`);
  }
  await fn('appointment_versions_on_lead', raiseAll(ofLead('NEW.id')));
  await run(`CREATE TRIGGER leads_appointment_versions AFTER UPDATE OF ${NAMES.join(', ')} ON leads
    FOR EACH ROW WHEN (${pgChanged(NAMES)}) EXECUTE FUNCTION appointment_versions_on_lead()`);
  await fn('appointment_versions_on_property', raiseAll(ofProperty('NEW.id')));
  await run(`CREATE TRIGGER properties_appointment_versions AFTER UPDATE OF ${PLACE.join(', ')} ON properties
    FOR EACH ROW WHEN (${pgChanged(PLACE)}) EXECUTE FUNCTION appointment_versions_on_property()`);
  await fn('appointment_versions_on_person', raiseAll(ofPerson('NEW.id')));
  await run(`CREATE TRIGGER users_appointment_versions AFTER UPDATE OF ${NAMES.join(', ')} ON users
    FOR EACH ROW WHEN (${pgChanged(NAMES)}) EXECUTE FUNCTION appointment_versions_on_person()`);
  await fn('appointment_versions_on_company', raise('NEW.id'));
  await run(`CREATE TRIGGER companies_appointment_versions AFTER UPDATE OF time_zone ON companies
    FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION appointment_versions_on_company()`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await db.schema
    .createTable('appointment_versions')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgres(run);
  else await sqlite(run);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const triggers: Array<[string, string]> = pg
    ? [
        ['appointment_versions_insert_delete', 'appointments'],
        ['appointment_versions_update', 'appointments'],
        ['appointment_properties_versions', 'appointment_properties'],
        ['appointment_invitees_versions', 'appointment_invitees'],
        ['leads_appointment_versions', 'leads'],
        ['properties_appointment_versions', 'properties'],
        ['users_appointment_versions', 'users'],
        ['companies_appointment_versions', 'companies'],
      ]
    : [
        ['appointment_versions_insert', 'appointments'],
        ['appointment_versions_delete', 'appointments'],
        ['appointment_versions_update', 'appointments'],
        ...['appointment_properties', 'appointment_invitees'].flatMap((t): Array<[string, string]> => ['insert', 'delete', 'update'].map((w) => [`${t}_versions_${w}`, t])),
        ['leads_appointment_versions', 'leads'],
        ['properties_appointment_versions', 'properties'],
        ['users_appointment_versions', 'users'],
        ['companies_appointment_versions', 'companies'],
      ];
  for (const [name, table] of triggers) await run(pg ? `DROP TRIGGER IF EXISTS ${name} ON ${table}` : `DROP TRIGGER IF EXISTS ${name}`);
  if (pg) {
    for (const name of ['appointment', 'link', 'lead', 'property', 'person', 'company']) await run(`DROP FUNCTION IF EXISTS appointment_versions_on_${name}()`);
  }
  await db.schema.dropTable('appointment_versions').execute();
}
