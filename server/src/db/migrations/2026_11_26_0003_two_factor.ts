/**
 * Two-factor sign-in. FROZEN once shipped; it imports nothing from the app on purpose.
 *
 * - `user_two_factor`: one row per person who set up (or is setting up) an authenticator app.
 *   `secret` is the sealed key of the app in use (null until confirmed), `pending_secret` the one
 *   being set up; `last_step` is the newest time step a code was accepted for, so a code works once.
 * - `two_factor_recovery_codes`: ten per person, SHA-256 only, `used_at` once used.
 * - `two_factor_challenges`: the second sign-in step between the password and the session
 *   (SHA-256 of the token, a few minutes, wrong codes counted); `kind` is `verify` or `enrol`.
 * - `company_security`: a company's two-factor requirement (`off`, `admins`, `everyone`); no row is off.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('pending_at', time)
    .addColumn('enabled_at', time)
    .addColumn('last_step', 'bigint')
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user').on('two_factor_recovery_codes').columns(['user_id', 'code_hash']).execute();
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_user').on('two_factor_challenges').column('user_id').execute();
  await db.schema
    .createTable('company_security')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().notNull().references('companies.id').onDelete('cascade'))
    .addColumn('two_factor_required', 'text', (c) => c.notNull().defaultTo('off'))
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_security').execute();
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('user_two_factor').execute();
}
