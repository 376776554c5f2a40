import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/contract';
import { ApiError, createRuntime, serverMessage } from '../../../src/core';
import { createLeadsApi } from '../../../src/widgets/leads-board/leadsApi';
import { FakeLeadsServer, SAMPLE_CSV } from './fakeLeadsServer';

const fake = new FakeLeadsServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => fake.reset());

function leadsApi() {
  const runtime = createRuntime({ apiBase: fake.base, storage: null });
  runtime.session.getState().signIn({ token: 'tok', company_id: 1, user: { id: 1, user_type: 'admin', permissions: [] } });
  return createLeadsApi(runtime.api);
}

describe('leadsApi over the shapes of src/contract/leads.ts', () => {
  it('lists a page of a workflow with the bearer token', async () => {
    const page = await leadsApi().listLeads({ workflowId: 1, pageNumber: 2, pageSize: 10 });
    expect(page.total).toBe(23);
    expect(page.leads.map((l) => l.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const [req] = fake.seen('GET', '/leads/list/workflow/1');
    expect(req!.headers.authorization).toBe('Bearer tok');
    expect(Object.fromEntries(req!.query)).toEqual({ pageSize: '10', pageNumber: '2' });
  });

  it('sends the search only when it is not blank', async () => {
    await leadsApi().listLeads({ workflowId: 2, pageNumber: 1, pageSize: 1000, search: '  pune ' });
    expect(fake.seen('GET', '/leads/list')[0]!.query.get('search')).toBe('pune');
  });

  it('reads one lead from data.data.data', async () => {
    expect((await leadsApi().getLead(5)).email).toBe('lead5@example.com');
  });

  it('saves an edit, and reports a stale version as a conflict with the fresh lead', async () => {
    const api = leadsApi();
    const saved = await api.updateLead(5, { first_name: 'New', version: 1 });
    expect(saved.kind === 'saved' && saved.answer.data?.first_name).toBe('New');
    const stale = await api.updateLead(5, { first_name: 'Late', version: 1 });
    expect(stale).toMatchObject({ kind: 'conflict', message: MESSAGES.leads.conflict, lead: { first_name: 'New', version: 2 } });
  });

  it('keeps a message-only answer to an edit', async () => {
    fake.answer('PUT', '/leads/5', 200, { status: 'Success', message: 'Queued for approval', data: true });
    expect(await leadsApi().updateLead(5, {})).toEqual({ kind: 'saved', answer: { message: 'Queued for approval' } });
  });

  it('throws ApiError with the server message on failures', async () => {
    fake.answer('POST', '/leads/store', 422, { status: 'Error', message: 'Email taken', errors: { email: ['Email taken'] } });
    const error = await leadsApi().storeLead({} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual({ email: ['Email taken'] });
  });

  it('uploads the import file as multipart field `file` and returns the report', async () => {
    const report = await leadsApi().importLeads(new File(['a,b\n'], 'leads.csv', { type: 'text/csv' }));
    expect(report.rejected[0]).toEqual({ row: 3, reasons: ['Email is invalid', 'Phone is required'] });
    const [req] = fake.seen('POST', '/leads/import');
    expect(req!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req!.body).toContain('name="file"; filename="leads.csv"');
  });

  it('names an import by its id, sends it with the token however it travels, and reads its progress', async () => {
    const api = leadsApi();
    const heard: Array<{ loaded: number; total: number }> = [];
    // fetch tells nothing of an upload's progress: with a listener the file goes by XMLHttpRequest.
    const sends = vi.spyOn(XMLHttpRequest.prototype, 'send');
    const report = await api.importLeads(new File(['a,b\n'], 'leads.csv'), { importId: 'import-0123abcd', onUpload: (p) => heard.push(p) });
    expect(report.imported).toBe(2);
    expect(sends).toHaveBeenCalledTimes(1);
    sends.mockRestore();
    const [req] = fake.seen('POST', '/leads/import');
    expect(req!.query.get('import_id')).toBe('import-0123abcd');
    expect(req!.headers.authorization).toBe('Bearer tok');
    expect(req!.headers.accept).toBe('application/json');
    expect(req!.body).toContain('name="file"; filename="leads.csv"');

    fake.importProgress = { phase: 'writing', checked: 120, written: 100, total: 500 };
    expect(await api.importProgress('import-0123abcd')).toEqual({ phase: 'writing', checked: 120, written: 100, total: 500 });
    expect(fake.seen('GET', '/leads/import/progress/import-0123abcd')[0]!.headers.authorization).toBe('Bearer tok');
    const missing = await api.importProgress('import-other').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).status).toBe(404);
  });

  it('fails an upload with progress as every call fails: ApiError with the server message', async () => {
    fake.answer('POST', '/leads/import', 422, { status: 'Error', message: 'Row 2 holds more than 64 KB of text.', errors: { file: ['x'] } });
    const error = await leadsApi().importLeads(new File(['a'], 'a.csv'), { importId: 'import-failing1', onUpload: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect(serverMessage(error, 'fallback')).toBe('Row 2 holds more than 64 KB of text.');
  });

  it('downloads the sample and the export as blobs with the token', async () => {
    const api = leadsApi();
    expect(await (await api.sampleFile()).text()).toBe(SAMPLE_CSV);
    const csv = await (await api.exportLeads(3, ' asha ')).text();
    expect(csv.startsWith('name,email\n')).toBe(true);
    const [req] = fake.seen('GET', '/leads/export/workflow/3');
    expect(req!.query.get('search')).toBe('asha');
    expect(req!.headers.authorization).toBe('Bearer tok');
  });

  it('sends the inline changes, bulk calls and delete with their bodies', async () => {
    const api = leadsApi();
    await api.setSource(1, 'Referral');
    await api.setActivity(1, 3);
    await api.setPropertyType(1, 4);
    await api.setWorkflow(1, 3);
    expect(fake.requests.map((r) => [r.method, r.path, r.json])).toEqual([
      ['PUT', '/api/v1/leads/source/1', { lead_source: 'Referral' }],
      ['PUT', '/api/v1/leads/activity/1', { activities: 3 }],
      ['PUT', '/api/v1/leads/property/1', { property_type: 4 }],
      ['POST', '/api/v1/leads/workflow/1', { workflowId: 3 }],
    ]);
    expect(await api.bulkWorkflow([1, 2], 4)).toBe(2);
    expect(await api.bulkDelete([1, 2, 999])).toBe(2);
    await api.deleteLead(3);
    expect(fake.leads).toHaveLength(20);
    expect((await api.workflows()).map((w) => w.name)).toEqual(['All Contacts', 'Open', 'Won', 'Lost']);
  });
});
