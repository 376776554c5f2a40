/**
 * The import report as the modal shows it (beyond the original description: imported count, each
 * rejected row with its reasons, duplicates), and the file check before uploading
 * (docs/product/rules.md).
 */
import { LEAD_IMPORT_ACCEPT, MESSAGES, type ImportReport } from '../../contract';
import { formatNumber } from '../../core';

/** One rejected row, ready to list. */
export interface RejectedLine {
  row: number;
  text: string;
}

/** What the modal shows after an upload. */
export interface ImportSummary {
  imported: number;
  duplicates: number;
  rejected: RejectedLine[];
  /** One sentence, e.g. "Imported 12 leads. 2 rows rejected. 1 duplicate skipped." (counts grouped as en-IN: 1,00,000) */
  headline: string;
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * Turns the server's report into what the modal lists, rows in file order.
 * @example summariseImport({ imported: 2, rejected: [{ row: 3, reasons: ['Email is invalid'] }] }).rejected
 * // [{ row: 3, text: 'Email is invalid' }]
 */
export function summariseImport(report: ImportReport): ImportSummary {
  const rejected = [...report.rejected]
    .sort((a, b) => a.row - b.row)
    .map((r) => ({ row: r.row, text: r.reasons.filter(Boolean).join('; ') || 'Rejected' }));
  const duplicates = report.duplicates ?? 0;
  // The server lists the first rejected rows only (1,000); `rejected_total` counts them all.
  const total = typeof report.rejected_total === 'number' && report.rejected_total > rejected.length ? report.rejected_total : rejected.length;
  const parts = [`Imported ${plural(report.imported, 'lead', 'leads')}.`];
  if (total > rejected.length) parts.push(`${plural(total, 'row', 'rows')} rejected (the first ${formatNumber(rejected.length)} listed).`);
  else if (total) parts.push(`${plural(total, 'row', 'rows')} rejected.`);
  if (duplicates) parts.push(`${plural(duplicates, 'duplicate', 'duplicates')} skipped.`);
  return { imported: report.imported, duplicates, rejected, headline: parts.join(' ') };
}

const EXTENSIONS = LEAD_IMPORT_ACCEPT.split(',');

/**
 * Why a chosen file cannot be uploaded, or null when it can: none chosen gives
 * "Please select a file before uploading."; another extension than .csv, .xlsx or .xls is refused.
 */
export function importFileProblem(file: { name: string } | null | undefined): string | null {
  if (!file) return MESSAGES.leads.selectFile;
  const name = file.name.toLowerCase();
  return EXTENSIONS.some((ext) => name.endsWith(ext)) ? null : `Please choose a ${EXTENSIONS.join(', ')} file.`;
}
