/**
 * A tiny leads API on node:http for the widget tests: it answers the shapes of the
 * contract (list, get, update with version conflicts, store, import, sample, export, bulk, inline
 * changes, delete, workflow list; the rows' next appointments and what the calendar's form reads)
 * from an in-memory state, and records every request.
 */
import type { ServerResponse } from 'node:http';
import type { LiveEvent, TimelineEntry } from '../../../src/contract';
import { FakeAppointments } from '../../support/fakeAppointments';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';
import { LEAD_IMPORT_HEADERS, MESSAGES, type Lead, type Workflow } from '../../../src/contract';

export const WORKFLOWS: Workflow[] = [
  { id: 1, name: 'All Contacts', default_style: null, active_style: null },
  { id: 2, name: 'Open', default_style: null, active_style: null },
  { id: 3, name: 'Won', default_style: null, active_style: null },
  { id: 4, name: 'Lost', default_style: null, active_style: null },
];

const FIRST = ['Asha', 'Ravi', 'Meera', 'Kabir', 'Zoya', 'Arjun', 'Neha', 'Vikram'];
const CITIES = ['Pune', 'Mumbai', 'Delhi', 'Bengaluru'];
const SOURCES = ['Website', 'Ads campaign', 'Walk-in', 'Referral', 'Other'];

/** 23 leads: three pages of 10 in All Contacts, spread over Open, Won and Lost. */
export function seedLeads(count = 23): Lead[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const wf = WORKFLOWS[1 + (i % 3)]!;
    const first = FIRST[i % FIRST.length]!;
    return {
      id: n,
      name: `${first} Lead${n}`,
      first_name: first,
      last_name: `Lead${n}`,
      email: `lead${n}@example.com`,
      phone: `+91 98765 ${String(43200 + n)}`,
      address: `${n} MG Road`,
      city: CITIES[i % CITIES.length]!,
      state: 'Maharashtra',
      postal_code: '411001',
      country: 'India',
      lead_source: SOURCES[i % SOURCES.length]!,
      property_type: (i % 9) + 1,
      workflow: String(wf.name),
      workflow_id: Number(wf.id),
      activities: (i % 4) + 1,
      version: 1,
    };
  });
}

export const SAMPLE_CSV = `${LEAD_IMPORT_HEADERS.join(',')}\nAsha,Verma,asha@example.com,+91 98765 43210,1 MG Road,Pune,Maharashtra,411001,India,Website,Apartment,Open,Showcasing activity\n`;

export class FakeLeadsServer extends FakeApiServer {
  workflows: Workflow[] = [...WORKFLOWS];
  leads: Lead[] = seedLeads();
  importReport = { imported: 2, rejected: [{ row: 3, reasons: ['Email is invalid', 'Phone is required'] }], duplicates: 1 };
  /** What GET /leads/import/progress/{id} answers for the id of the last import posted; null: 404. */
  importProgress: { phase: string; received?: number; size?: number | null; checked: number; written: number; total: number | null } | null = null;
  /** While set, an import's answer waits until `releaseImport()`. */
  holdImports = false;
  private heldImports: Array<() => void> = [];
  private nextId = 1000;
  /** Timeline entries per lead id, newest first (GET /leads/{id}/timeline). */
  timelines = new Map<number, TimelineEntry[]>();
  /** The calendar's calls the board makes (rows' next appointments, "Schedule visit"). */
  appointments = new FakeAppointments();
  /** Open live-update streams (GET /activity/stream). */
  private streams = new Set<ServerResponse>();
  private nextEvent = 1;

  /** Sends a change to every open live-update stream. */
  pushLive(event: Omit<LiveEvent, 'id' | 'created_at'>): void {
    const full = { ...event, id: this.nextEvent++, created_at: new Date().toISOString() };
    for (const res of this.streams) res.write(`id: ${full.id}\nevent: change\ndata: ${JSON.stringify(full)}\n\n`);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  reset(): void {
    this.workflows = [...WORKFLOWS];
    this.leads = seedLeads();
    this.resetRequests();
    this.importProgress = null;
    this.holdImports = false;
    this.heldImports = [];
    this.timelines = new Map();
    this.appointments.reset();
    for (const res of this.streams) res.end();
    this.streams.clear();
  }

  /** Answers the imports held so far. */
  releaseImport(): void {
    for (const answer of this.heldImports.splice(0)) answer();
  }

  private inWorkflow(workflowId: number): Lead[] {
    const wf = this.workflows.find((w) => Number(w.id) === workflowId);
    if (!wf || wf.name === 'All Contacts') return this.leads;
    return this.leads.filter((l) => Number(l.workflow_id) === workflowId);
  }

  protected override route(req: Seen, res: ServerResponse): void {
    const path = req.path.replace(/^\/api\/v1/, '');
    const body = (req.json ?? {}) as Record<string, unknown>;
    const idOf = (re: RegExp) => Number(re.exec(path)?.[1]);
    const find = (id: number) => this.leads.find((l) => Number(l.id) === id);
    let m: RegExpExecArray | null;

    if (this.appointments.route(req, path, res)) return;
    if (req.method === 'GET' && path === '/properties') {
      const data = [{ id: 1, title: 'Sunrise Home 1', address: '1 Road No. 12, Hyderabad' }];
      return send(res, 200, { status: 'Success', data, total: data.length });
    }
    if (req.method === 'GET' && path === '/activity/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' });
      res.write(': connected\n\n');
      this.streams.add(res);
      res.on('close', () => this.streams.delete(res));
      return;
    }
    if (req.method === 'GET' && (m = /^\/leads\/(\d+)\/timeline$/.exec(path))) {
      const entries = this.timelines.get(Number(m[1])) ?? [];
      const before = Number(req.query.get('before') ?? 0);
      const size = Number(req.query.get('pageSize') ?? 20);
      const rest = before ? entries.filter((e) => e.id < before) : entries;
      const page = rest.slice(0, size);
      return send(res, 200, { status: 'Success', data: { data: page, next: rest.length > size ? page.at(-1)!.id : null } });
    }
    if (req.method === 'POST' && (m = /^\/leads\/(\d+)\/notes$/.exec(path))) {
      if (!String(body.body ?? '').trim()) return send(res, 422, { status: 'Error', message: 'The request contains invalid data.', errors: { body: [MESSAGES.activity.bodyRequired] } });
      const leadId = Number(m[1]);
      const now = new Date().toISOString();
      const note = { id: this.nextId++, lead_id: leadId, kind: body.kind, body: body.body, follow_up_at: body.follow_up_at ? `${body.follow_up_at}T00:00:00.000Z` : null, author_id: 1, author_name: 'Test Admin', created_at: now, updated_at: now };
      const entry = { id: this.nextEvent++, company_id: 1, action: 'lead.note_added', record_type: 'lead', record_id: leadId, record_label: null, actor_id: 1, actor_name: 'Test Admin', changes: null, data: { note_id: note.id }, request_id: null, created_at: now, note } as TimelineEntry;
      this.timelines.set(leadId, [entry, ...(this.timelines.get(leadId) ?? [])]);
      return send(res, 201, { status: 'Success', message: MESSAGES.activity.noteAdded, data: note });
    }
    if (req.method === 'GET' && path === '/workflow/list') return send(res, 200, { status: 'Success', data: this.workflows });
    if (req.method === 'GET' && (m = /^\/leads\/list\/workflow\/(\d+)$/.exec(path))) {
      const size = Number(req.query.get('pageSize') ?? 10);
      const page = Number(req.query.get('pageNumber') ?? 1);
      const search = (req.query.get('search') ?? '').toLowerCase();
      const rows = this.inWorkflow(Number(m[1])).filter(
        (l) => !search || [l.name, l.email, l.phone, l.city, l.lead_source].some((v) => String(v ?? '').toLowerCase().includes(search)),
      );
      return send(res, 200, { status: 'Success', data: { data: rows.slice((page - 1) * size, page * size), total: rows.length } });
    }
    if (req.method === 'GET' && path === '/leads/import/sample') return send(res, 200, SAMPLE_CSV, 'text/csv');
    if (req.method === 'GET' && (m = /^\/leads\/export\/workflow\/(\d+)$/.exec(path))) {
      const rows = this.inWorkflow(Number(m[1]));
      return send(res, 200, `name,email\n${rows.map((l) => `${l.name},${l.email}`).join('\n')}\n`, 'text/csv');
    }
    if (req.method === 'POST' && path === '/leads/import') {
      const answer = () => send(res, 200, { status: 'Success', message: MESSAGES.leads.imported, data: { data: this.importReport } });
      if (this.holdImports) this.heldImports.push(answer);
      else answer();
      return;
    }
    if (req.method === 'GET' && (m = /^\/leads\/import\/progress\/([\w-]+)$/.exec(path))) {
      const posted = this.seen('POST', '/leads/import').at(-1)?.query.get('import_id');
      if (!this.importProgress || m[1] !== posted) return send(res, 404, { status: 'Error', message: 'Not found' });
      return send(res, 200, { status: 'Success', data: this.importProgress });
    }
    if (req.method === 'POST' && path === '/leads/store') {
      const id = this.nextId++;
      this.leads.unshift({ ...(body as Lead), id, version: 1, workflow: null });
      return send(res, 201, { status: 'Success', message: MESSAGES.leads.added });
    }
    if (req.method === 'POST' && path === '/leads/bulk/delete') {
      const ids = new Set((body.ids as number[]) ?? []);
      const before = this.leads.length;
      this.leads = this.leads.filter((l) => !ids.has(Number(l.id)));
      return send(res, 200, { status: 'Success', data: { deleted: before - this.leads.length } });
    }
    if (req.method === 'POST' && path === '/leads/bulk/workflow') {
      const ids = new Set((body.ids as number[]) ?? []);
      const wf = this.workflows.find((w) => Number(w.id) === Number(body.workflowId));
      let updated = 0;
      for (const l of this.leads)
        if (ids.has(Number(l.id))) {
          l.workflow_id = Number(body.workflowId);
          l.workflow = wf?.name ?? null;
          updated++;
        }
      return send(res, 200, { status: 'Success', data: { updated } });
    }
    const inline: [RegExp, string, string][] = [
      [/^\/leads\/source\/(\d+)$/, 'lead_source', 'PUT'],
      [/^\/leads\/activity\/(\d+)$/, 'activities', 'PUT'],
      [/^\/leads\/property\/(\d+)$/, 'property_type', 'PUT'],
      [/^\/leads\/workflow\/(\d+)$/, 'workflowId', 'POST'],
    ];
    for (const [re, field, method] of inline) {
      if (req.method !== method || !re.test(path)) continue;
      const lead = find(idOf(re));
      if (!lead) return send(res, 404, { status: 'Error', message: 'Not found' });
      if (field === 'workflowId') {
        lead.workflow_id = Number(body.workflowId);
        lead.workflow = this.workflows.find((w) => Number(w.id) === lead.workflow_id)?.name ?? null;
      } else (lead as Record<string, unknown>)[field] = body[field];
      return send(res, 200, { status: 'Success' });
    }
    if ((m = /^\/leads\/(\d+)$/.exec(path))) {
      const lead = find(Number(m[1]));
      if (!lead) return send(res, 404, { status: 'Error', message: 'Not found' });
      if (req.method === 'GET') return send(res, 200, { status: 'Success', data: { data: { data: lead } } });
      if (req.method === 'DELETE') {
        this.leads = this.leads.filter((l) => l !== lead);
        return send(res, 200, { status: 'Success' });
      }
      if (req.method === 'PUT') {
        if (body.version !== undefined && body.version !== lead.version) {
          return send(res, 409, { status: 'Error', message: MESSAGES.leads.conflict, data: lead });
        }
        Object.assign(lead, body, { id: lead.id, version: (lead.version ?? 0) + 1 });
        return send(res, 200, { status: 'Success', message: MESSAGES.leads.updated, data: lead });
      }
    }
    send(res, 404, { status: 'Error', message: `No route ${req.method} ${path}` });
  }
}
