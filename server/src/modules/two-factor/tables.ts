/**
 * Table types of the two-factor migration (db/migrations/2026_11_26_0003_two_factor.ts), merged
 * into db/schema.ts's Database so Kysely knows them everywhere.
 */
import type { Generated, Selectable } from 'kysely';

export interface UserTwoFactorTable {
  user_id: number;
  /** Sealed (lib/secret-box.ts) key of the confirmed app; null while only a set-up is pending. */
  secret: string | null;
  pending_secret: string | null;
  pending_at: string | null;
  enabled_at: string | null;
  /** Newest time step a code was accepted for (a bigint: PostgreSQL answers it as text). */
  last_step: number | string | null;
  updated_at: string;
}
export type UserTwoFactorRow = Selectable<UserTwoFactorTable>;

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export type ChallengeKind = 'verify' | 'enrol';
export interface ChallengesTable {
  token_hash: string;
  user_id: number;
  kind: ChallengeKind;
  failures: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export type ChallengeRow = Selectable<ChallengesTable>;

export interface CompanySecurityTable {
  company_id: number;
  two_factor_required: string;
  updated_at: string;
}

declare module '../../db/schema' {
  interface Database {
    user_two_factor: UserTwoFactorTable;
    two_factor_recovery_codes: RecoveryCodesTable;
    two_factor_challenges: ChallengesTable;
    company_security: CompanySecurityTable;
  }
}
