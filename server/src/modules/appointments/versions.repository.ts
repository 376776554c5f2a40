/**
 * The number that says whether a kept range answer (rangeAnswers.ts) is still current:
 * `appointment_versions.version`, raised by the triggers of migration 2026_11_28_0200 for every
 * change a range answer shows, whoever writes it.
 */
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';

// appointment_versions is kept by triggers and not part of the typed schema.
type VersionsDb = Kysely<{ appointment_versions: { company_id: number; version: number } }>;
const versionQuery = prepared<{ companyId: number }, { version: number | string }>((db, p) =>
  (db as unknown as VersionsDb).selectFrom('appointment_versions').select('version').where('company_id', '=', p.companyId),
);

/** The company's appointment version; -1 while nothing it shows has changed since the migration. */
export async function appointmentsVersion(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await versionQuery.first(db, { companyId });
  return row ? Number(row.version) : -1;
}
