/**
 * Import Leads (docs/product/screens.md, rules.md): a .csv, .xlsx or .xls file is required ("Please
 * select a file before uploading."), Upload shows "Uploading...", Sample Format downloads the file
 * the importer accepts, and the server's report is shown: how many were imported, duplicates, and
 * each rejected row with its reasons. Server refusals (413, 422) show the server's message.
 *
 * While it runs the modal shows how far it is: the upload's percentage, then the rows the server
 * has checked and written. The import lives in the board's import store (importStore.ts), not
 * here: the modal can be closed meanwhile and reopened on the same progress or report, and the
 * toasts come when the import ends, open or not.
 */
import { useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useStore } from 'zustand';
import { LEAD_IMPORT_ACCEPT, MESSAGES } from '../../contract';
import { serverMessage } from '../../core';
import { useToast } from '../../runtime';
import { Button, FileField, Modal } from '../../ui';
import { ImportProgressBar } from './ImportProgressBar';
import { importStatus } from './importProgress';
import { importFileProblem } from './importReport';
import { importStoreOf, isRunning } from './importStore';
import type { LeadsApi } from './leadsApi';
import { leadsStyles } from './leadsStyles';
import { saveFile } from '../../ui/saveFile';

export interface ImportLeadsModalProps {
  open: boolean;
  onClose(): void;
  /** Called after an upload that the server took (the board reloads). */
  onImported(): void;
  api: LeadsApi;
}

export const SAMPLE_FILE_NAME = 'leads-import-sample.csv';

/**
 * @example
 * <ImportLeadsModal open={importing} onClose={() => setImporting(false)} onImported={reload} api={api} />
 */
export function ImportLeadsModal({ open, onClose, onImported, api }: ImportLeadsModalProps): ReactElement {
  const toast = useToast();
  const formId = `ed-import-leads${useId().replace(/[^\w-]/g, '')}`;
  const formRef = useRef<HTMLFormElement>(null);
  const imports = importStoreOf(api);
  const run = useStore(imports, (state) => state.run);
  const running = isRunning(run);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sampleBusy, setSampleBusy] = useState(false);

  // A running import goes on, and the last report stays for the next opening.
  const close = () => {
    setProblem(null);
    onClose();
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const issue = importFileProblem(file);
    if (issue || !file) {
      setProblem(issue);
      toast.error(issue ?? MESSAGES.leads.selectFile);
      return;
    }
    setProblem(null);
    const outcome = await imports.getState().start(file);
    if (outcome.ok) {
      if (outcome.summary.imported > 0) toast.success(MESSAGES.leads.imported);
      else toast.info(outcome.summary.headline);
      // The report stays on screen; the picker is cleared for a next file.
      formRef.current?.reset();
      setFile(null);
      onImported();
    } else {
      console.error(outcome.error);
      setProblem(outcome.message);
      toast.error(outcome.message);
    }
  };

  const downloadSample = async () => {
    setSampleBusy(true);
    try {
      saveFile(await api.sampleFile(), SAMPLE_FILE_NAME);
    } catch (error) {
      console.error(error);
      toast.error(serverMessage(error, 'Failed to download the sample file. Please try again.'));
    } finally {
      setSampleBusy(false);
    }
  };

  const s = leadsStyles();
  return (
    <Modal
      open={open}
      onClose={close}
      title="Import Leads"
      width={560}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {run.step === 'idle' ? 'Cancel' : 'Close'}
          </Button>
          <Button type="submit" form={formId} busy={running} busyLabel="Uploading...">
            Upload
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={(event) => void upload(event)} aria-label="Import Leads">
        <FileField
          label="File"
          name="file"
          accept={LEAD_IMPORT_ACCEPT}
          hint="CSV, XLSX or XLS, with a header row as in the sample."
          error={problem ?? undefined}
          disabled={running}
          onFilesChange={(files) => {
            setFile(files[0] ?? null);
            setProblem(null);
          }}
        />
        <div className={s.importRow}>
          <span>Not sure about the columns?</span>
          <Button variant="link" onClick={() => void downloadSample()} busy={sampleBusy} busyLabel="Downloading...">
            Sample Format
          </Button>
        </div>
      </form>
      {isRunning(run) && <ImportProgressBar status={importStatus(run)} />}
      {run.step === 'done' && (
        <section className={s.report} aria-label="Import report" aria-live="polite">
          <p className={s.reportHeadline}>{run.summary.headline}</p>
          {run.summary.rejected.length > 0 && (
            <ul>
              {run.summary.rejected.map((line) => (
                <li key={line.row}>
                  Row {line.row}: {line.text}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </Modal>
  );
}
