/**
 * The Import modal while an import runs, in happy-dom over the fake API: the upload's percentage
 * (the browser's count, or the server's where the upload goes by a fetch), then the rows the server
 * has checked and written, and the same progress and then the report after the modal was closed
 * and opened again. happy-dom's XMLHttpRequest sends bodies but never
 * reports upload progress, so the test's XMLHttpRequest does what a browser's does: it tells
 * half the body has gone, and the rest when the test lets it go.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/contract';
import { FakeLeadsServer } from './fakeLeadsServer';
import { cleanupBoard, renderBoard, waitForRows, waitForToast } from './renderBoard';

vi.setConfig({ testTimeout: 30_000 });

const fake = new FakeLeadsServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

/** Bodies whose second half the test lets go (`finishUploads`). */
let waiting: Array<() => void> = [];
const finishUploads = () => {
  for (const finish of waiting.splice(0)) finish();
};

beforeEach(() => {
  const Browserlike = class extends window.XMLHttpRequest {
    override send(body?: Document | XMLHttpRequestBodyInit | null): void {
      const total = 1000;
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: total / 2, total }));
      waiting.push(() => {
        this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: total, total }));
        this.upload.dispatchEvent(new ProgressEvent('load', { lengthComputable: true, loaded: total, total }));
        super.send(body);
      });
    }
  };
  vi.stubGlobal('XMLHttpRequest', Browserlike);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  finishUploads();
  fake.releaseImport();
  cleanupBoard();
  fake.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const dialog = (name: string) => screen.getByRole('dialog', { name });
/** The footer's Close (the dialog's × is named Close too). */
const footerClose = (modal: HTMLElement) => within(modal).getAllByRole('button', { name: 'Close' }).at(-1)!;
const progressbar = () => within(dialog('Import Leads')).getByRole('progressbar', { name: 'Import progress' });

async function openImport() {
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
  // The import form loads on first use (the test runner compiles its module then, slowly on a busy machine).
  return screen.findByRole('dialog', { name: 'Import Leads' }, { timeout: 5000 });
}

describe('Import Leads progress', () => {
  it('shows the upload percentage, then rows checked and written, and keeps it all across close and reopen', async () => {
    const harness = renderBoard(fake);
    await waitForRows();
    fake.holdImports = true;
    let modal = await openImport();
    const input = within(modal).getByLabelText('File', { exact: false }) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['first_name\n'], 'leads.csv', { type: 'text/csv' })] } });
    await userEvent.click(within(modal).getByRole('button', { name: 'Upload' }));

    // The upload, halfway.
    await waitFor(() => expect(progressbar().getAttribute('aria-valuenow')).toBe('50'));
    expect(within(modal).getByText('Uploading leads.csv: 50%')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Uploading...' })).toBeTruthy();

    // Closed while it runs, and opened again: the same progress.
    await userEvent.click(footerClose(modal));
    expect(screen.queryByRole('dialog', { name: 'Import Leads' })).toBeNull();
    modal = await openImport();
    expect(within(modal).getByText('Uploading leads.csv: 50%')).toBeTruthy();

    // The file has gone: the server reads it, then checks and writes rows.
    fake.importProgress = { phase: 'reading', checked: 0, written: 0, total: null };
    finishUploads();
    await waitFor(() => expect(within(modal).getByText('Reading leads.csv…')).toBeTruthy());
    expect(progressbar().getAttribute('aria-valuenow')).toBeNull();
    fake.importProgress = { phase: 'writing', checked: 400, written: 300, total: 1000 };
    await waitFor(() => expect(within(modal).getByText('Checked 400 of 1,000 rows, 300 written')).toBeTruthy());
    expect(progressbar().getAttribute('aria-valuenow')).toBe('40');
    fake.importProgress = { phase: 'writing', checked: 1000, written: 950, total: 1000 };
    await waitFor(() => expect(within(modal).getByText('Checked 1,000 of 1,000 rows, 950 written')).toBeTruthy());
    expect(progressbar().getAttribute('aria-valuenow')).toBe('100');

    // Closed again; the import ends meanwhile: the product's toast, and the report on the next opening.
    await userEvent.click(footerClose(modal));
    fake.releaseImport();
    await waitForToast(harness, MESSAGES.leads.imported);
    modal = await openImport();
    const report = within(modal).getByRole('region', { name: 'Import report' });
    expect(report.textContent).toContain('Imported 2 leads. 1 row rejected. 1 duplicate skipped.');
    expect(within(modal).queryByRole('progressbar')).toBeNull();
    expect(within(modal).getByRole('button', { name: 'Upload' })).toBeTruthy();

    // One import, asked after by the id it was posted with, with the token.
    const posted = fake.seen('POST', '/leads/import');
    expect(posted).toHaveLength(1);
    const id = posted[0]!.query.get('import_id')!;
    const asked = fake.seen('GET', '/leads/import/progress/');
    expect(asked.length).toBeGreaterThan(1);
    expect(new Set(asked.map((r) => r.path))).toEqual(new Set([`/api/v1/leads/import/progress/${id}`]));
    expect(asked.every((r) => r.headers.authorization === 'Bearer test-token')).toBe(true);
  });

  it('shows the server\'s count of the bytes it received where the upload goes by a fetch of the runtime\'s own', async () => {
    const fetched: string[] = [];
    const ownFetch: typeof fetch = (input, init) => {
      fetched.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return fetch(input, init);
    };
    const harness = renderBoard(fake, 'admin', undefined, ownFetch);
    await waitForRows();
    fake.holdImports = true;
    fake.importProgress = { phase: 'receiving', received: 400, size: 1000, checked: 0, written: 0, total: null };
    const modal = await openImport();
    const input = within(modal).getByLabelText('File', { exact: false }) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['first_name\n'], 'leads.csv', { type: 'text/csv' })] } });
    await userEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(within(modal).getByText('Uploading leads.csv: 40%')).toBeTruthy());
    expect(progressbar().getAttribute('aria-valuenow')).toBe('40');
    // The upload went by the runtime's fetch (the embedding layer's host events hear it), not by XMLHttpRequest.
    expect(waiting).toHaveLength(0);
    expect(fetched.some((call) => call.startsWith('POST ') && call.includes('/leads/import?import_id='))).toBe(true);
    fake.importProgress = { phase: 'writing', checked: 10, written: 10, total: 20 };
    await waitFor(() => expect(within(modal).getByText('Checked 10 of 20 rows, 10 written')).toBeTruthy());
    fake.releaseImport();
    await waitForToast(harness, MESSAGES.leads.imported);
    expect(within(modal).getByRole('region', { name: 'Import report' })).toBeTruthy();
  });

  it('shows a refusal after the upload as the server words it, and a next upload starts afresh', async () => {
    fake.answer('POST', '/leads/import', 422, { status: 'Error', message: 'Row 2 has cells beyond column 256.' });
    const harness = renderBoard(fake);
    await waitForRows();
    const modal = await openImport();
    const input = within(modal).getByLabelText('File', { exact: false }) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'wide.xlsx')] } });
    await userEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(within(modal).getByText('Uploading wide.xlsx: 50%')).toBeTruthy());
    finishUploads();
    await waitForToast(harness, 'Row 2 has cells beyond column 256.');
    expect(within(modal).getByRole('alert').textContent).toBe('Row 2 has cells beyond column 256.');
    expect(within(modal).queryByRole('progressbar')).toBeNull();
    expect(within(modal).getByRole('button', { name: 'Upload' })).toBeTruthy();
  });
});
