/**
 * Table types of the account migration (db/migrations/2026_11_25_0001_account.ts), merged into
 * db/schema.ts's interfaces so Kysely knows them everywhere: `sessions.last_seen_at` and the
 * `user_preferences` table.
 */
import type { Selectable } from 'kysely';

export interface UserPreferencesTable {
  user_id: number;
  theme: string;
  density: string;
  /** Workflow status id of the leads board's first tab; null for All Contacts. */
  leads_default_tab: number | null;
  leads_page_size: number;
  date_format: string;
  updated_at: string;
}
export type UserPreferencesRow = Selectable<UserPreferencesTable>;

declare module '../../db/schema' {
  interface SessionsTable {
    /** Set at sign-in, then moved forward at most once a minute while the session is used. */
    last_seen_at: string | null;
  }
  interface Database {
    user_preferences: UserPreferencesTable;
  }
}
