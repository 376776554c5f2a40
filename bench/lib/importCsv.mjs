/**
 * A CSV for POST /api/v1/leads/import built on the header of the server's own sample
 * (GET /api/v1/leads/import/sample), so the bench follows the importer's columns: `count` rows,
 * each with an e-mail and a phone no other lead has (`tag` keeps files of one run apart).
 */
import { api } from './serverProcess.mjs';

const CITIES = ['Bengaluru', 'Pune', 'Chennai', 'Mumbai', 'Hyderabad'];
const SOURCES = ['Website', 'Ads campaign', 'Walk-in', 'Referral', 'Other'];

/** The sample's header cells (BOM and CRLF dropped). */
export async function sampleHeader(url, token) {
  const text = await api(url, '/leads/import/sample', { token });
  if (typeof text !== 'string') throw new Error('import sample: not CSV text');
  return text.replace(/^\uFEFF/, '').split(/\r?\n/)[0].split(',').map((h) => h.trim());
}

/**
 * @param {string[]} header   the sample's columns
 * @param {number} count      data rows
 * @param {object} options
 * @param {string} options.tag        goes into every e-mail (letters and digits)
 * @param {string} options.phoneLead  first digit of the 10-digit phones (keep it apart from other generators)
 * @param {string} options.workflow   a status name of the company
 */
export function importCsv(header, count, { tag, phoneLead, workflow }) {
  const value = {
    first_name: (i) => `Rel${i}`,
    last_name: () => 'Importer',
    email: (i) => `reliability.${tag}.${i}@import.example`,
    phone: (i) => `${phoneLead}${String(i).padStart(9, '0')}`,
    address: (i) => `"${i % 250}, MG Road"`,
    city: (i) => CITIES[i % CITIES.length],
    state: () => 'Karnataka',
    postal_code: (i) => `5600${String(i % 100).padStart(2, '0')}`,
    country: () => 'India',
    lead_source: (i) => SOURCES[i % SOURCES.length],
    property_type: (i) => String((i % 9) + 1),
    workflow: () => workflow,
    activities: (i) => String((i % 4) + 1),
  };
  const unknown = header.filter((h) => !value[h]);
  if (unknown.length) throw new Error(`import sample has columns this bench does not fill: ${unknown.join(', ')}`);
  const cells = header.map((h) => value[h]);
  const lines = [header.join(',')];
  for (let i = 0; i < count; i++) lines.push(cells.map((cell) => cell(i)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Sends the CSV as multipart field `file`; resolves with { status, body, ms } (rejects on a network error). */
export async function postImport(url, token, csv, name = 'reliability.csv') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  const start = performance.now();
  const res = await fetch(`${url}/api/v1/leads/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as text
  }
  return { status: res.status, body, ms: performance.now() - start };
}
