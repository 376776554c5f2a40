/**
 * The Import modal's store and status line, without React or a network: a fake leads API whose
 * upload and progress the test drives step by step.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/contract';
import { ApiError } from '../../../src/core';
import { importStatus, newImportId, type ServerProgress } from '../../../src/widgets/leads-board/importProgress';
import { createImportStore, importStoreOf, type ImportRun } from '../../../src/widgets/leads-board/importStore';
import type { ImportOptions, LeadsApi } from '../../../src/widgets/leads-board/leadsApi';

const REPORT = { imported: 2, rejected: [{ row: 3, reasons: ['Email is invalid'] }], duplicates: 0 };

/** A leads API whose import the test moves along: upload progress, server progress, the answer. */
function fakeApi() {
  let options: ImportOptions = {};
  let answer!: { resolve: (report: typeof REPORT) => void; reject: (error: unknown) => void };
  const asked: string[] = [];
  let progress: ServerProgress | null = null;
  const api = {
    importLeads: (_file: File, given: ImportOptions = {}) => {
      options = given;
      return new Promise((resolve, reject) => (answer = { resolve, reject }));
    },
    importProgress: async (id: string) => {
      asked.push(id);
      if (!progress) throw new ApiError({ kind: 'http', status: 404, method: 'GET', path: '/leads/import/progress', body: {}, description: '404' });
      return progress;
    },
  } as unknown as LeadsApi;
  return {
    api,
    asked,
    upload: (loaded: number, total: number) => options.onUpload?.({ loaded, total }),
    importId: () => options.importId,
    setProgress: (next: ServerProgress | null) => void (progress = next),
    answer: () => answer,
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 600 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('import store', () => {
  it('goes uploading → processing (server counts) → done, and keeps the report', async () => {
    const fake = fakeApi();
    const store = createImportStore(fake.api, 10);
    const runs: ImportRun[] = [];
    store.subscribe((state) => runs.push(state.run));
    const file = new File(['x'.repeat(100)], 'leads.csv');
    const outcome = store.getState().start(file);
    expect(store.getState().run).toEqual({ step: 'uploading', fileName: 'leads.csv', loaded: 0, total: 100 });
    fake.upload(45, 100);
    expect(importStatus(store.getState().run as never)).toEqual({ text: 'Uploading leads.csv: 45%', percent: 45 });
    // The whole file sent: the server is asked, 404 until it starts reading.
    fake.upload(100, 100);
    expect(store.getState().run).toEqual({ step: 'processing', fileName: 'leads.csv', sent: true, progress: null });
    expect(importStatus(store.getState().run as never)).toEqual({ text: 'Uploading leads.csv…', percent: null });
    await until(() => fake.asked.length >= 2);
    expect(new Set(fake.asked)).toEqual(new Set([fake.importId()]));
    fake.setProgress({ phase: 'writing', checked: 400, written: 300, total: 1000 });
    await until(() => (store.getState().run as { progress?: ServerProgress }).progress?.checked === 400);
    expect(importStatus(store.getState().run as never)).toEqual({ text: 'Checked 400 of 1,000 rows, 300 written', percent: 40 });

    // A second Upload meanwhile joins the running import.
    expect(store.getState().start(new File(['y'], 'other.csv'))).toBe(outcome);
    fake.answer().resolve(REPORT);
    const done = await outcome;
    expect(done.ok && done.summary.headline).toBe('Imported 2 leads. 1 row rejected.');
    expect(store.getState().run).toMatchObject({ step: 'done', fileName: 'leads.csv', summary: { imported: 2 } });
    // No progress answer lands after the report.
    const asked = fake.asked.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(fake.asked.length).toBeLessThanOrEqual(asked + 1);
    expect(store.getState().run.step).toBe('done');
    expect(runs.map((r) => r.step)).toEqual(expect.arrayContaining(['uploading', 'processing', 'done']));
  });

  it('ends failed with the server message, or the product\'s when there is none', async () => {
    const fake = fakeApi();
    const store = createImportStore(fake.api, 10);
    const first = store.getState().start(new File(['x'], 'a.csv'));
    fake.answer().reject(new ApiError({ kind: 'http', status: 422, method: 'POST', path: '/leads/import', body: {}, serverMessage: 'Row 2 has cells beyond column 256.', description: '422' }));
    expect(await first).toMatchObject({ ok: false, message: 'Row 2 has cells beyond column 256.' });
    expect(store.getState().run).toEqual({ step: 'failed', fileName: 'a.csv', message: 'Row 2 has cells beyond column 256.' });
    const second = store.getState().start(new File(['x'], 'b.csv'));
    fake.answer().reject(new ApiError({ kind: 'network', status: 0, method: 'POST', path: '/leads/import', body: undefined, description: 'down' }));
    expect(await second).toMatchObject({ ok: false, message: MESSAGES.leads.importFailed });
  });

  it('asks the server when the browser says nothing of the upload (a fetch), and shows what has arrived there', async () => {
    const fake = fakeApi();
    const store = createImportStore(fake.api, 10);
    void store.getState().start(new File(['x'], 'quiet.csv'));
    fake.setProgress({ phase: 'receiving', received: 300, size: 1200, checked: 0, written: 0, total: null });
    await until(() => (store.getState().run as { progress?: ServerProgress }).progress?.received === 300);
    expect(store.getState().run).toMatchObject({ step: 'processing', sent: false });
    expect(importStatus(store.getState().run as never)).toEqual({ text: 'Uploading quiet.csv: 25%', percent: 25 });
    fake.setProgress({ phase: 'reading', received: 1200, size: 1200, checked: 0, written: 0, total: null });
    await until(() => (store.getState().run as { progress?: ServerProgress }).progress?.phase === 'reading');
    expect(importStatus(store.getState().run as never)).toEqual({ text: 'Reading quiet.csv…', percent: null });
    fake.answer().resolve(REPORT);
  });

  it('is one store per leads API: the board\'s', () => {
    const a = fakeApi().api;
    expect(importStoreOf(a)).toBe(importStoreOf(a));
    expect(importStoreOf(a)).not.toBe(importStoreOf(fakeApi().api));
  });
});

describe('import status line', () => {
  it('says what it knows: a percentage, the rows, or that the file is being read', () => {
    expect(importStatus({ step: 'uploading', fileName: 'a.xlsx', loaded: 10, total: 0 })).toEqual({ text: 'Uploading a.xlsx…', percent: null });
    // Sent by the browser, still arriving at the server: no percentage after the browser's 100.
    const receiving = { phase: 'receiving' as const, received: 600, size: 1000, checked: 0, written: 0, total: null };
    expect(importStatus({ step: 'processing', fileName: 'a.xlsx', sent: true, progress: receiving })).toEqual({ text: 'Uploading a.xlsx…', percent: null });
    expect(importStatus({ step: 'processing', fileName: 'a.xlsx', sent: false, progress: receiving })).toEqual({ text: 'Uploading a.xlsx: 60%', percent: 60 });
    expect(importStatus({ step: 'processing', fileName: 'a.xlsx', sent: true, progress: { phase: 'writing', checked: 0, written: 0, total: 5 } })).toEqual({
      text: 'Reading a.xlsx…',
      percent: null,
    });
    expect(importStatus({ step: 'processing', fileName: 'a.csv', sent: true, progress: { phase: 'writing', checked: 250000, written: 120000, total: null } })).toEqual({
      text: 'Checked 2,50,000 rows, 1,20,000 written',
      percent: null,
    });
  });

  it('names imports as the server takes them', () => {
    const ids = new Set(Array.from({ length: 50 }, newImportId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
