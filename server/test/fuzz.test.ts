/**
 * Fuzzing from the API description: for every call of the operation catalogue
 * (src/contract/operations.ts, the source of the OpenAPI document), fast-check sends generated
 * requests — ids of both companies' records and odd ones, queries and bodies shaped like the
 * call's schema with valid, invalid and hostile values, the demo example with one field changed,
 * unexpected content types, the demo personas of two companies, no token or a forged one — and
 * holds every answer to four rules: no 5xx, no stack trace or SQL in it, no record of one company
 * in an answer to the other, and every 2xx JSON answer matching its declared schema (the test
 * app's answer check, helpers/contractCheck.ts). A stateful run interleaves adding, moving,
 * editing and deleting leads in the two companies against a model of what each should see.
 *
 * Bounded for the test command: FUZZ_RUNS requests per call (default 50) and FUZZ_STATEFUL_RUNS
 * sequences (default 8); raise them for a longer hunt. A failure shrinks to a minimal request and
 * prints it as a curl command.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { API_PREFIX } from '@contract';
import { OPERATIONS, type Operation } from '@contract/openapi';
import { type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const STATEFUL_RUNS = Number(process.env.FUZZ_STATEFUL_RUNS ?? 8);

/** Calls that end or change the caller's own sessions or account: fuzzed without a valid token only, so the run keeps its personas. */
const ENDS_SESSIONS = new Set([
  'POST /logout',
  'DELETE /users/sessions/others',
  'PUT /users/:id/update-password',
  'PUT /users/:id',
  'PUT /users/:id/status',
  'DELETE /users/:id',
  'DELETE /users/:id/two-factor',
  'POST /users/two-factor/setup',
  'POST /users/two-factor/enable',
  'POST /users/two-factor/disable',
  'POST /users/two-factor/recovery-codes',
  'PUT /company/two-factor-policy',
  'DELETE /company/:id',
]);

/** What a server must never show a caller: a stack frame, a database's own words, a source path. */
const LEAKS = /\bat [\w.<>]+ \(.*:\d+:\d+\)|SQLITE_|sqlite3|syntax error|relation "|duplicate key|violates|node_modules|\/src\/|TypeError|ReferenceError/i;

const PERSONAS: readonly (Persona | 'forged')[] = ['skylineAdmin', 'skylineAgent', 'harborAdmin', 'anonymous', 'forged'];
const COMPANY_OF: Partial<Record<Persona, 'skyline' | 'harbor'>> = { skylineAdmin: 'skyline', skylineAgent: 'skyline', harborAdmin: 'harbor' };
const FORGED = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiY29tcGFueUlkIjoxfQ.c2lnbmF0dXJl';

interface FuzzRequest {
  persona: Persona | 'forged';
  method: Operation['method'];
  url: string;
  contentType?: string;
  payload?: string;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** The request as a curl command a person can paste (the token named, not spelled out). */
function curl(request: FuzzRequest): string {
  const parts = [`curl -i -X ${request.method} ${shellQuote(`http://127.0.0.1:8080${request.url}`)}`];
  if (request.persona !== 'anonymous') parts.push(`-H 'authorization: Bearer <${request.persona} token>'`);
  if (request.contentType) parts.push(`-H ${shellQuote(`content-type: ${request.contentType}`)}`);
  if (request.payload !== undefined) parts.push(`--data-raw ${shellQuote(request.payload)}`);
  return parts.join(' ');
}

/** Top-level property names of a request schema, read from its JSON Schema. */
function fieldsOf(schema: z.core.$ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as { properties?: Record<string, unknown> };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

const oddText = fc.constantFrom('', ' ', '-1', '0', '1.5', '1e309', 'NaN', 'null', 'true', '[]', '{}', '%', '_', "'", '"', '\\', "' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '\u0000', '\u202e', 'x'.repeat(5000), '९', '😀');
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  oddText,
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2, 3, 2 ** 31, 2 ** 53 + 1, 1.5, Number.MAX_VALUE),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));

describe('fuzzing every call from the API description', () => {
  it('never answers 5xx, leaks internals, crosses companies or breaks its own answer schema', { timeout: 600_000 }, async () => {
    // Ids of both companies' records, so that generated paths reach real rows, one's own and the other's.
    const ids = new Set<number>([1, 2, 3, 4, 5]);
    for (const persona of ['skylineAdmin', 'harborAdmin'] as const) {
      for (const url of ['/leads/list/workflow/1?pageSize=5', '/properties?pageSize=5', '/users', '/acl/role']) {
        const res = await ctx.inject(persona, { method: 'GET', url: `${API_PREFIX}${url}` });
        for (const m of res.body.matchAll(/"id":(\d+)/g)) ids.add(Number(m[1]));
      }
    }
    const idArb = fc.oneof(
      fc.constantFrom(...[...ids].map(String)),
      fc.integer({ min: -3, max: 400 }).map(String),
      fc.constantFrom('0', '00001', '99999999999999999999', '1.0', '1e3', 'abc', '%00', '..%2F..%2F', '%E2%80%AE1', 'null'),
    );

    for (const operation of OPERATIONS) {
      const key = `${operation.method} ${operation.path}`;
      const personas = ENDS_SESSIONS.has(key) ? (['anonymous', 'forged'] as const) : PERSONAS;
      const queryFields = fieldsOf(operation.query);
      const bodyFields = fieldsOf(operation.body ?? operation.form?.fields);
      const params = [...operation.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

      const queryArb = queryFields.length
        ? fc.dictionary(fc.constantFrom(...queryFields, 'unknown'), fc.oneof(fc.string({ maxLength: 12 }), oddText, fc.integer().map(String)), { maxKeys: 4 })
        : fc.constant({} as Record<string, string>);
      const bodyArb: fc.Arbitrary<{ contentType?: string; payload?: string }> = fc.oneof(
        fc.constant({}),
        // Shaped like the schema, any values.
        fc.dictionary(fc.constantFrom(...bodyFields, 'unknown'), value, { maxKeys: Math.max(2, bodyFields.length) }).map((body) => ({ contentType: 'application/json', payload: JSON.stringify(body) })),
        // The demo example with one field changed: deep enough to pass the first checks.
        operation.example && typeof operation.example === 'object'
          ? fc.tuple(fc.constantFrom(...Object.keys(operation.example as object)), value).map(([field, changed]) => ({
              contentType: 'application/json',
              payload: JSON.stringify({ ...(operation.example as object), [field]: changed }),
            }))
          : fc.constant({}),
        // Not JSON at all, or JSON under another name.
        fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json'), fc.oneof(fc.string({ maxLength: 60 }), oddText)).map(([contentType, payload]) => ({ contentType, payload })),
      );

      const requestArb = fc.record({
        persona: fc.constantFrom(...personas),
        params: fc.array(idArb, { minLength: params.length, maxLength: params.length }),
        query: queryArb,
        body: operation.method === 'GET' || operation.method === 'DELETE' ? fc.constant({} as { contentType?: string; payload?: string }) : bodyArb,
      });

      await fc.assert(
        fc.asyncProperty(requestArb, async ({ persona, params: values, query, body }) => {
          let i = 0;
          const path = operation.path.replace(/:(\w+)/g, () => values[i++]!);
          // A live-update stream stays open for its lifetime: fuzzed as a poll, which answers and ends.
          const search = new URLSearchParams(operation.file?.includes('text/event-stream') ? { ...query, lifetime: '0' } : query).toString();
          const request: FuzzRequest = { persona, method: operation.method, url: `${API_PREFIX}${path}${search ? `?${search}` : ''}`, ...body };
          const headers: Record<string, string> = {};
          if (request.contentType) headers['content-type'] = request.contentType;
          if (persona === 'forged') headers.authorization = `Bearer ${FORGED}`;
          let res;
          try {
            res = await ctx.inject(persona === 'forged' ? 'anonymous' : persona, { method: request.method, url: request.url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
          } catch (error) {
            throw new Error(`${(error as Error).message}\n  ${curl(request)}`);
          }
          const fail = (why: string) => new Error(`${key}: ${why} (status ${res.statusCode}: ${res.body.slice(0, 200)})\n  ${curl(request)}`);
          if (res.statusCode >= 500) throw fail('a server error');
          if (LEAKS.test(res.body)) throw fail('internals in the answer');
          const company = persona === 'forged' ? undefined : COMPANY_OF[persona];
          // The API description is public and its examples come from the demo data.
          if (res.statusCode < 300 && company && operation.tag !== 'Reference' && new RegExp(company === 'skyline' ? 'harbor' : 'skyline', 'i').test(res.body)) throw fail("the other company's records in the answer");
        }),
        { numRuns: RUNS, endOnFailure: false },
      );
    }
  });

  it('keeps each company to its own leads through interleaved adds, moves, edits and deletes', { timeout: 600_000 }, async () => {
    type Company = 'skyline' | 'harbor';
    const admin = { skyline: 'skylineAdmin', harbor: 'harborAdmin' } as const;
    const other = (company: Company): Company => (company === 'skyline' ? 'harbor' : 'skyline');
    // "All Contacts" is a view of every status, not one a lead can be in.
    const workflowsOf = async (persona: Persona) =>
      ((await ctx.inject(persona, { method: 'GET', url: `${API_PREFIX}/workflow/list` })).json() as { data: { id: number; name: string }[] }).data
        .filter((w) => !/^all contacts$/i.test(w.name))
        .map((w) => w.id);
    /** Each company has its own workflow statuses. */
    const workflows = { skyline: await workflowsOf('skylineAdmin'), harbor: await workflowsOf('harborAdmin') };
    interface Model {
      leads: Record<Company, { id: number; version: number }[]>;
    }
    const call = async (company: Company, method: Operation['method'], url: string, payload?: object) => {
      const res = await ctx.inject(admin[company], { method, url: `${API_PREFIX}${url}`, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url} as ${company}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      return res.json() as { data?: Record<string, unknown> };
    };
    /** GET /leads/:id answers the lead three levels down (the contract's LeadAnswer). */
    const readLead = async (company: Company, id: number) =>
      ((await call(company, 'GET', `/leads/${id}`)) as unknown as { data: { data: { data: Record<string, unknown> } } }).data.data.data;
    /** The other company may not read, move, edit or delete the lead: 404 each time. */
    const unreachable = async (company: Company, id: number) => {
      for (const [method, url, payload] of [
        ['GET', `/leads/${id}`],
        ['POST', `/leads/workflow/${id}`, { workflowId: workflows[other(company)][0] }],
        ['DELETE', `/leads/${id}`],
      ] as const) {
        const res = await ctx.inject(admin[other(company)], { method, url: `${API_PREFIX}${url}`, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url} by the other company`).toBe(404);
      }
    };

    class Add implements fc.AsyncCommand<Model, object> {
      constructor(readonly company: Company, readonly name: string) {}
      check = () => true;
      async run(model: Model) {
        const answer = await call(this.company, 'POST', '/leads/store', {
          first_name: this.name, last_name: 'Fuzz', email: `${this.name.toLowerCase()}@fuzz.test`, phone: '+91 98450 00000',
          lead_source: 'Website', property_type: 1, workflow_id: workflows[this.company][0], activities: 1, name: `${this.name} Fuzz`,
        });
        const lead = (answer.data?.lead ?? answer.data) as { id: number; version?: number };
        model.leads[this.company].push({ id: lead.id, version: lead.version ?? 1 });
        await unreachable(this.company, lead.id);
      }
      toString = () => `add ${this.company} ${this.name}`;
    }
    class Move implements fc.AsyncCommand<Model, object> {
      constructor(readonly company: Company, readonly pick: number, readonly workflow: number) {}
      check = (model: Readonly<Model>) => model.leads[this.company].length > 0;
      async run(model: Model) {
        const lead = model.leads[this.company][this.pick % model.leads[this.company].length]!;
        await call(this.company, 'POST', `/leads/workflow/${lead.id}`, { workflowId: workflows[this.company][this.workflow % workflows[this.company].length] });
        const fresh = await readLead(this.company, lead.id);
        lead.version = Number(fresh.version ?? lead.version);
      }
      toString = () => `move ${this.company} #${this.pick}`;
    }
    class Edit implements fc.AsyncCommand<Model, object> {
      constructor(readonly company: Company, readonly pick: number, readonly city: string) {}
      check = (model: Readonly<Model>) => model.leads[this.company].length > 0;
      async run(model: Model) {
        const lead = model.leads[this.company][this.pick % model.leads[this.company].length]!;
        const fresh = await readLead(this.company, lead.id);
        expect(fresh.id).toBe(lead.id);
        const saved = await call(this.company, 'PUT', `/leads/${lead.id}`, { ...fresh, city: this.city });
        lead.version = Number((saved.data as { version?: number } | undefined)?.version ?? Number(fresh.version ?? 0) + 1);
        await unreachable(this.company, lead.id);
      }
      toString = () => `edit ${this.company} #${this.pick} city=${this.city}`;
    }
    class Remove implements fc.AsyncCommand<Model, object> {
      constructor(readonly company: Company, readonly pick: number) {}
      check = (model: Readonly<Model>) => model.leads[this.company].length > 0;
      async run(model: Model) {
        const index = this.pick % model.leads[this.company].length;
        const [lead] = model.leads[this.company].splice(index, 1);
        await call(this.company, 'DELETE', `/leads/${lead!.id}`);
        const gone = await ctx.inject(admin[this.company], { method: 'GET', url: `${API_PREFIX}/leads/${lead!.id}` });
        expect(gone.statusCode).toBe(404);
      }
      toString = () => `delete ${this.company} #${this.pick}`;
    }

    const company = fc.constantFrom<Company>('skyline', 'harbor');
    const commands = [
      fc.tuple(company, fc.stringMatching(/^[A-Z][a-z]{2,8}$/)).map(([c, n]) => new Add(c, n)),
      fc.tuple(company, fc.nat(), fc.nat()).map(([c, p, w]) => new Move(c, p, w)),
      fc.tuple(company, fc.nat(), fc.constantFrom('Pune', 'Kochi', 'Mysuru', 'Goa')).map(([c, p, city]) => new Edit(c, p, city)),
      fc.tuple(company, fc.nat()).map(([c, p]) => new Remove(c, p)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (cmds) => {
        const model: Model = { leads: { skyline: [], harbor: [] } };
        await fc.asyncModelRun(() => ({ model, real: {} }), cmds);
      }),
      { numRuns: STATEFUL_RUNS },
    );
  });
});
