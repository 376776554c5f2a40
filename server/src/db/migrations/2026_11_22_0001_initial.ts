/**
 * Every entity of docs/product/data.md, on SQLite and PostgreSQL. FROZEN: never edit a migration
 * that has shipped; add a new date-prefixed file instead. It imports nothing from the app on
 * purpose.
 */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

type Table = CreateTableBuilder<string, string>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? 'timestamptz' : 'text';
  const real = 'double precision';
  const id = (t: Table): Table =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const stamps = (t: Table): Table =>
    t.addColumn('created_at', time, (c) => c.notNull()).addColumn('updated_at', time, (c) => c.notNull());
  const texts = (t: Table, names: string[]): Table => names.reduce((acc, name) => acc.addColumn(name, 'text'), t);
  const fk = (target: string, onDelete: 'cascade' | 'set null', notNull = false) => (c: ColumnDefinitionBuilder) => {
    const ref = c.references(target).onDelete(onDelete);
    return notNull ? ref.notNull() : ref;
  };

  let companies = id(db.schema.createTable('companies')).addColumn('display_name', 'text', (c) => c.notNull());
  companies = texts(companies, [
    'icon',
    'logo',
    'cover_photo',
    'primary_color_code',
    'secondary_color_code',
    'tagline',
    'short_description',
    'long_description',
  ]).addColumn('founding_year', 'integer');
  companies = texts(companies, [
    'office_address',
    'city',
    'postal_code',
    'state',
    'country',
    'hours_of_operation',
    'firm_type',
    'operating_states',
    'operating_cities',
    'inventory_type',
    'inventory_categories',
    'lead_communication',
    'instagram',
    'facebook',
    'linkedin',
    'website',
  ]);
  await stamps(companies).execute();

  await stamps(
    id(db.schema.createTable('roles'))
      .addColumn('company_id', 'integer', fk('companies.id', 'cascade', true))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('roles_company_slug').unique().on('roles').columns(['company_id', 'slug']).execute();

  let users = id(db.schema.createTable('users'))
    .addColumn('company_id', 'integer', fk('companies.id', 'cascade'))
    .addColumn('role_id', 'integer', fk('roles.id', 'set null'))
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text')
    .addColumn('email', 'text', (c) => c.notNull());
  users = texts(users, ['phone', 'address', 'city', 'state', 'postal_code', 'country', 'avatar'])
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('email_verified_at', time)
    .addColumn('password_hash', 'text')
    .addColumn('password_changed_at', time);
  await stamps(users).execute();
  // E-mail addresses are unique whatever their case.
  await db.schema.createIndex('users_email_lower').unique().on('users').expression(sql`lower(email)`).execute();
  await db.schema.createIndex('users_company').on('users').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('users_role').on('users').column('role_id').execute();

  await id(db.schema.createTable('permissions')).addColumn('name', 'text', (c) => c.notNull().unique()).execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', fk('roles.id', 'cascade', true))
    .addColumn('permission_id', 'integer', fk('permissions.id', 'cascade', true))
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_id'])
    .execute();
  await db.schema.createIndex('role_permissions_permission').on('role_permissions').column('permission_id').execute();

  await id(db.schema.createTable('workflow_statuses'))
    .addColumn('company_id', 'integer', fk('companies.id', 'cascade', true))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('default_style', 'text')
    .addColumn('active_style', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workflow_statuses_company_name')
    .unique()
    .on('workflow_statuses')
    .columns(['company_id', 'name'])
    .execute();

  // Integer primary key: on SQLite it is the rowid, which an FTS5 external-content index can use.
  let leads = id(db.schema.createTable('leads'))
    .addColumn('company_id', 'integer', fk('companies.id', 'cascade', true))
    .addColumn('workflow_id', 'integer', fk('workflow_statuses.id', 'set null'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text');
  leads = texts(leads, ['email', 'phone', 'address', 'city', 'state', 'postal_code', 'country', 'lead_source'])
    .addColumn('property_type', 'integer')
    .addColumn('activities', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', fk('users.id', 'set null'));
  await stamps(leads).execute();
  await db.schema.createIndex('leads_company_workflow').on('leads').columns(['company_id', 'workflow_id', 'id']).execute();
  await db.schema.createIndex('leads_company').on('leads').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('leads_workflow').on('leads').column('workflow_id').execute();

  let properties = id(db.schema.createTable('properties'))
    .addColumn('company_id', 'integer', fk('companies.id', 'cascade', true))
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('property_type', 'text')
    .addColumn('location', 'text')
    .addColumn('address', 'text')
    .addColumn('price', real)
    .addColumn('bedrooms', real)
    .addColumn('bathrooms', real)
    .addColumn('square_footage', real)
    .addColumn('lot_size', real)
    .addColumn('year_built', 'integer')
    .addColumn('property_cover_image', 'text')
    .addColumn('features', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('available'))
    .addColumn('area_units', 'text')
    .addColumn('square_yards', real);
  properties = texts(properties, ['registration_number', 'certificates']).addColumn(
    'created_by',
    'integer',
    fk('users.id', 'set null'),
  );
  await stamps(properties).execute();
  await db.schema.createIndex('properties_company').on('properties').columns(['company_id', 'id']).execute();

  await id(db.schema.createTable('property_images'))
    .addColumn('property_id', 'integer', fk('properties.id', 'cascade', true))
    .addColumn('company_id', 'integer', fk('companies.id', 'cascade', true))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('property_images_property').on('property_images').columns(['property_id', 'position']).execute();

  await id(db.schema.createTable('invitations'))
    .addColumn('company_id', 'integer', fk('companies.id', 'cascade', true))
    .addColumn('user_id', 'integer', fk('users.id', 'cascade', true))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', fk('roles.id', 'set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', fk('users.id', 'set null'))
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('accepted_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitations_user').on('invitations').column('user_id').execute();

  for (const table of ['email_verification_tokens', 'password_reset_tokens']) {
    await id(db.schema.createTable(table))
      .addColumn('user_id', 'integer', fk('users.id', 'cascade', true))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', time, (c) => c.notNull())
      .addColumn('used_at', time)
      .addColumn('created_at', time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_user`).on(table).column('user_id').execute();
  }

  await id(db.schema.createTable('email_outbox'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', fk('users.id', 'cascade', true))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sessions',
    'email_outbox',
    'password_reset_tokens',
    'email_verification_tokens',
    'invitations',
    'property_images',
    'properties',
    'leads',
    'workflow_statuses',
    'role_permissions',
    'permissions',
    'users',
    'roles',
    'companies',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
