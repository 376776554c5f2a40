/**
 * PostgreSQL statement handling (src/db/connect.ts, src/db/prepared.ts): timestamps read as ISO
 * text without a Date, and texts built by prepared() run as named statements, so that the
 * database plans them once per connection.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../src/db/connect';
import { prepared, statementNameOf } from '../src/db/prepared';
import { useTestApp } from './helpers/testApp';
import { testEngine } from './helpers/testDb';

const ctx = useTestApp();

describe('isoTimestamp', () => {
  it('writes what Date#toISOString writes, milliseconds cut like a Date cuts them', () => {
    for (const [text, iso] of [
      ['2026-11-22 10:00:00+00', '2026-11-22T10:00:00.000Z'],
      ['2026-11-22 10:00:00.12+00', '2026-11-22T10:00:00.120Z'],
      ['2026-11-22 23:59:59.999999+00', '2026-11-22T23:59:59.999Z'],
      ['1999-01-02 03:04:05.006+00', '1999-01-02T03:04:05.006Z'],
    ]) {
      expect(isoTimestamp(text!)).toBe(iso);
      expect(isoTimestamp(text!)).toBe(new Date(text!.replace(' ', 'T').replace('+00', 'Z')).toISOString());
    }
  });

  it('leaves other forms to pg\'s parser (another zone)', () => {
    expect(isoTimestamp('2026-11-22 15:30:00+05:30')).toBe('2026-11-22T10:00:00.000Z');
  });
});

describe.runIf(testEngine() === 'postgres')('named statements', () => {
  it('runs a prepared() query as a named statement, which PostgreSQL keeps for the connection', async () => {
    const query = prepared<{ id: number }, { n: number }>((db, p) => db.selectFrom('companies').select(sql<number>`count(*)::int`.as('n')).where('id', '>', p.id));
    const rows = await ctx.app.db.connection().execute(async (connection) => {
      const first = await query.all(connection, { id: 0 });
      const kept = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(connection);
      return { first, kept: kept.rows };
    });
    expect(rows.first[0]!.n).toBeGreaterThan(0);
    const named = rows.kept.find((row) => row.statement.includes('from "companies"') && row.statement.includes('count(*)::int'));
    expect(named).toBeDefined();
    expect(statementNameOf(named!.statement)).toBe(named!.name);
  });
});
