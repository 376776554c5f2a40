/**
 * CSV writing for the export and the import sample: RFC 4180 quoting, CRLF line ends, a UTF-8
 * byte-order mark (so Excel reads Indian names right), and no spreadsheet formula injection — a
 * cell starting with = + - @ tab or CR gets a leading single quote, so a spreadsheet shows it as
 * text instead of running it (OWASP "CSV injection"). The importer drops that quote again.
 * No cell carries a control or direction character other than tab and line feed, whatever a row
 * stored before the contract refused them: an export opened in a terminal runs no escapes.
 */
import { ACTIVITIES, LEAD_IMPORT_HEADERS, LEAD_PROPERTY_TYPES, printable } from '@contract';
import type { LeadRow } from './repository';

export const CSV_BOM = '\uFEFF';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Characters that make a spreadsheet treat a cell as a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: neutralised against formulas, then quoted when it holds a quote, comma or line break.
 * @example csvCell('=HYPERLINK("x")') // "\"'=HYPERLINK(\"\"x\"\")\""
 */
export function csvCell(value: unknown): string {
  let text = value == null ? '' : printable(String(value));
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF. */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Columns of the export: the import's columns (so an export can be imported elsewhere) plus id and dates. */
export const EXPORT_HEADERS = ['id', ...LEAD_IMPORT_HEADERS, 'created_at', 'updated_at'] as const;

const optionName = (options: readonly string[], index: number | null): string | number | null =>
  index == null ? null : (options[index - 1] ?? index);

/** One exported lead; property type and activity by name, as a person reads them. */
export function exportLine(lead: LeadRow): string {
  const values: Record<(typeof EXPORT_HEADERS)[number], unknown> = {
    id: lead.id,
    first_name: lead.first_name,
    last_name: lead.last_name,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    city: lead.city,
    state: lead.state,
    postal_code: lead.postal_code,
    country: lead.country,
    lead_source: lead.lead_source,
    property_type: optionName(LEAD_PROPERTY_TYPES, lead.property_type),
    workflow: lead.workflow,
    activities: optionName(ACTIVITIES, lead.activities),
    created_at: lead.created_at,
    updated_at: lead.updated_at,
  };
  return csvLine(EXPORT_HEADERS.map((h) => values[h]));
}

/**
 * The import sample (GET /leads/import/sample): LEAD_IMPORT_HEADERS and two rows the importer
 * accepts — one with names, one with 1-based indexes for property type and activity. Phones are
 * written without "+" so a spreadsheet does not read them as formulas. Their e-mails and phones
 * (example.com, 90000 0000x) match no generated demo lead.
 */
export function sampleCsv(workflowName: string): string {
  const rows: string[][] = [
    [...LEAD_IMPORT_HEADERS],
    ['Asha', 'Verma', 'asha.verma@example.com', '90000 00001', '12, MG Road', 'Bengaluru', 'Karnataka', '560001', 'India', 'Website', 'Apartment', workflowName, 'Lead Qualification activity'],
    ['Rahul', 'Mehta', 'rahul.mehta@example.com', '90000 00002', '7, FC Road, Shivajinagar', 'Pune', 'Maharashtra', '411005', 'India', 'Referral', '8', workflowName, '2'],
  ];
  return CSV_BOM + rows.map(csvLine).join('');
}

/** A file name for an export: `leads-open-2026-11-22.csv`. */
export function exportFileName(tabName: string, now: Date): string {
  const slug = tabName.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'leads';
  return `leads-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}
