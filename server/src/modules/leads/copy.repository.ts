/**
 * Many leads into PostgreSQL with COPY … FROM STDIN, through pg's own client (db/connect.ts
 * ClientStatement), instead of multi-row INSERTs of 18 parameters a lead: 100,000 leads in
 * batches of 1,000 took 4.4 s of the backend's CPU and 0.8 s of the server's as INSERTs, 3.8 s and
 * 0.4 s as COPY (docs/performance.md). Statement triggers fire as for an INSERT, so `lead_counts`
 * and the dashboard's counts follow.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';
import type { ClientStatement } from '../../db/connect';
import type { Database } from '../../db/schema';

/** What pg's client calls on a submitted query (pg/lib/client.js); only COPY IN's messages matter here. */
interface Connection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/** COPY's text format of one value: `\N` for null; backslash, tab, line feed and CR escaped. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : text;
}

/** Rows as COPY's text format: tab between values, a line feed after each row. */
export function copyText(rows: ReadonlyArray<readonly unknown[]>): string {
  let text = '';
  for (const row of rows) text += `${row.map(copyValue).join('\t')}\n`;
  return text;
}

/** The data of one COPY … FROM STDIN, sent when PostgreSQL asks for it. */
class CopyIn implements ClientStatement {
  readonly runsOnClient = true;

  constructor(private readonly data: Buffer) {}

  run(client: pg.PoolClient, sql: string): Promise<pg.QueryResult> {
    const { data } = this;
    return new Promise((resolve, reject) => {
      let rowCount = 0;
      let failed = false;
      const submittable = {
        submit: (connection: Connection) => connection.query(sql),
        handleCopyInResponse: (connection: Connection) => {
          connection.sendCopyFromChunk(data);
          connection.endCopyFrom();
        },
        handleCommandComplete: (message: { text: string }) => {
          rowCount = Number(/\d+$/.exec(message.text)?.[0] ?? 0);
        },
        // After an error pg's client no longer calls this query: the error ends it.
        handleError: (error: Error) => {
          failed = true;
          reject(error);
        },
        handleReadyForQuery: () => {
          if (!failed) resolve({ command: 'COPY', rowCount, rows: [], fields: [], oid: 0 } as pg.QueryResult);
        },
        handleRowDescription: () => {},
        handleDataRow: () => {},
        handleEmptyQuery: () => {},
        handlePortalSuspended: () => {},
      };
      client.query(submittable as unknown as pg.QueryConfig);
    });
  }
}

/**
 * Copies `rows` (values in the order of `columns`) into `table` on PostgreSQL; resolves with the
 * rows written. Run it in a transaction on `db` like any statement.
 *
 * @example await copyRows(trx, 'leads', ['company_id', 'first_name'], [[1, 'Asha']]);
 */
export async function copyRows(db: Kysely<Database>, table: string, columns: readonly string[], rows: ReadonlyArray<readonly unknown[]>): Promise<number> {
  if (!rows.length) return 0;
  const statement = `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`;
  const result = await db.executeQuery(CompiledQuery.raw(statement, [new CopyIn(Buffer.from(copyText(rows)))]));
  return Number(result.numAffectedRows ?? rows.length);
}
