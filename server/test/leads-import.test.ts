/**
 * POST /api/v1/leads/import and GET /api/v1/leads/import/sample on both engines: CSV, XLSX and
 * XLS; tolerant headers; row validation like Add Lead; duplicates; formula cells; caps and bad
 * files (wrong types, empty, broken xlsx, junk, too big, too many rows); a failure leaves nothing.
 */
import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_CONTACTS, LEAD_IMPORT_HEADERS, MESSAGES } from '../../src/contract';
import { csvRows } from '../src/modules/leads/import/csvReader';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROW_CHARS, XLSX_MAX_PARTS } from '../src/modules/leads/import/limits';
import { readWorkbook, withoutHyperlinks } from '../src/modules/leads/import/workbook';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../src/modules/leads/import/file';
import { AUTOMERGE_DEFAULT, CRISISMERGE_DEFAULT, HASHSIZE_DEFAULT, mergeSearchIndex, searchUpkeepSettled, setSearchAutomerge } from '../src/modules/leads/searchMerging';
import { companyIdOf, countDrift, importFile, insertTestLead, statusIds } from './helpers/leads';
import { multipartBody, PNG_BYTES } from './helpers/multipart';
import { useTestApp } from './helpers/testApp';
import { testEngine } from './helpers/testDb';
import { deflated, SHEET_CLOSE, SHEET_OPEN, SHEET_PATH, sheetRow, workbookBomb, workbookEntries, workbookWithSheet, type ZipEntry, zipOf } from './leads-import-files';

const ctx = useTestApp();
let skyline: number;
let harbor: number;
let sky: Record<string, number>;

beforeAll(async () => {
  skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
  sky = await statusIds(ctx.app.db, skyline);
});

const HEADER = LEAD_IMPORT_HEADERS.join(',');
let serial = 0;
/** A valid CSV line with a unique e-mail and phone. */
const row = (fields: Partial<Record<(typeof LEAD_IMPORT_HEADERS)[number], string>> = {}) => {
  const n = ++serial;
  const values = {
    first_name: 'Import',
    last_name: `Person${n}`,
    email: `import.${n}.${randomBytes(3).toString('hex')}@rows.test`,
    phone: `80${String(n).padStart(3, '0')} ${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
    address: '',
    city: 'Pune',
    state: 'Maharashtra',
    postal_code: '411001',
    country: 'India',
    lead_source: 'Website',
    property_type: 'Villa',
    workflow: 'Open',
    activities: '2',
    ...fields,
  };
  return LEAD_IMPORT_HEADERS.map((h) => values[h]).join(',');
};
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

const countLeads = async (companyId: number) =>
  Number((await ctx.app.db.selectFrom('leads').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n);
const leadByEmail = (email: string) => ctx.app.db.selectFrom('leads').selectAll().where('email', '=', email).executeTakeFirst();

const report = (res: { json(): unknown }) =>
  (res.json() as { data: { data: { imported: number; rejected: Array<{ row: number; reasons: string[] }>; duplicates: number } } }).data.data;

/** A workbook of rows (first row the header) as xlsx or xls bytes. */
function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8', extraSheet = false): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Leads');
  if (extraSheet) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['ignored'], ['x']]), 'Notes');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

describe('GET /api/v1/leads/import/sample', () => {
  it('is a CSV of LEAD_IMPORT_HEADERS and two example rows that the importer accepts', async () => {
    const sample = await ctx.inject('harborAdmin', { method: 'GET', url: '/api/v1/leads/import/sample' });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sample.headers['content-disposition']).toBe('attachment; filename="leads-import-sample.csv"');
    const lines = sample.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);

    const before = await countLeads(harbor);
    const res = await importFile(ctx, 'harborAdmin', 'sample.csv', sample.rawPayload);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.leads.imported);
    expect(report(res)).toEqual({ imported: 2, rejected: [], duplicates: 0, rejected_total: 0 });
    expect(await countLeads(harbor)).toBe(before + 2);
    const rahul = await ctx.app.db.selectFrom('leads').selectAll().where('company_id', '=', harbor).where('email', '=', 'rahul.mehta@example.com').executeTakeFirstOrThrow();
    expect(rahul).toMatchObject({ first_name: 'Rahul', property_type: 8, activities: 2, lead_source: 'Referral', created_by: ctx.ids.harborAdmin });

    // The same file again: both rows are duplicates now, nothing is doubled.
    const again = report(await importFile(ctx, 'harborAdmin', 'sample.csv', sample.rawPayload));
    expect(again.imported).toBe(0);
    expect(again.duplicates).toBe(2);
    expect(again.rejected.map((r) => r.row)).toEqual([2, 3]);
    expect(again.rejected[0]!.reasons).toEqual([
      'Duplicate email: a lead with this email already exists',
      'Duplicate phone: a lead with this phone number already exists',
    ]);
  });
});

describe('POST /api/v1/leads/import: rows', () => {
  it('imports valid rows, reports each rejected row by its file row number with reasons', async () => {
    const good1 = row({ workflow: 'won', lead_source: 'walk-in', property_type: '4', activities: 'Negotiation activity' });
    const good2 = row({ workflow: '' });
    const file = csv(
      HEADER,
      good1, // row 2
      row({ first_name: '', email: 'broken' }), // row 3
      '', // row 4: blank, skipped
      row({ lead_source: 'Billboard', property_type: 'Castle' }), // row 5
      row({ workflow: ALL_CONTACTS }), // row 6
      row({ workflow: 'Pending' }), // row 7
      good2, // row 8
      row({ phone: 'call me', last_name: '', email: '' }), // row 9
    );
    const before = await countLeads(skyline);
    const res = await importFile(ctx, 'skylineAgent', 'leads.csv', file);
    expect(res.statusCode).toBe(200);
    const result = report(res);
    expect(result.imported).toBe(2);
    expect(result.duplicates).toBe(0);
    expect(result.rejected).toEqual([
      { row: 3, reasons: [MESSAGES.validation.firstNameRequired, MESSAGES.validation.emailInvalid] },
      {
        row: 5,
        reasons: [
          'Lead source "Billboard" is not one of: Website, Ads campaign, Walk-in, Referral, Other',
          expect.stringMatching(/^Property type "Castle" is not one of: Apartment, /),
        ],
      },
      { row: 6, reasons: [`${MESSAGES.leads.invalidWorkflow}: "${ALL_CONTACTS}"`] },
      { row: 7, reasons: [`${MESSAGES.leads.invalidWorkflow}: "Pending"`] },
      // One reason per field: a blank e-mail is "required" only, not also "invalid".
      { row: 9, reasons: [MESSAGES.validation.lastNameRequired, MESSAGES.validation.emailRequired, 'Phone number is invalid'] },
    ]);
    expect(await countLeads(skyline)).toBe(before + 2);
    const first = await leadByEmail(good1.split(',')[2]!);
    expect(first).toMatchObject({ workflow_id: sky.Won, lead_source: 'Walk-in', property_type: 4, activities: 3, company_id: skyline });
    // A blank workflow means the first status after All Contacts: Open.
    expect(await leadByEmail(good2.split(',')[2]!)).toMatchObject({ workflow_id: sky.Open });
  });

  it('matches headers tolerant of case, spacing and a few aliases, ignores unknown columns, splits a name column', async () => {
    const file = csv(
      ' NAME ,E-Mail,Mobile Number,Lead Source,Status,Pincode,Notes',
      'Kavita Devi Rao,kavita.rao@aliases.test,98111 22334,Referral,Lost,560001,call after 6',
    );
    const res = await importFile(ctx, 'skylineAdmin', 'aliases.csv', file);
    expect(report(res)).toMatchObject({ imported: 1, rejected: [] });
    expect(await leadByEmail('kavita.rao@aliases.test')).toMatchObject({
      first_name: 'Kavita',
      last_name: 'Devi Rao',
      phone: '98111 22334',
      lead_source: 'Referral',
      workflow_id: sky.Lost,
      postal_code: '560001',
      property_type: 1,
      activities: 2,
    });
    const spaced = csv('First Name,last  name,EMAIL,Phone,lead_source', 'Ravi,Kumar,Ravi.Kumar@Spaced.test,98111 22335,Other');
    expect(report(await importFile(ctx, 'skylineAdmin', 'spaced.csv', spaced)).imported).toBe(1);
    expect(await leadByEmail('ravi.kumar@spaced.test')).toBeDefined();
  });

  it('refuses a file without the required columns (422, naming them)', async () => {
    const res = await importFile(ctx, 'skylineAdmin', 'cols.csv', csv('first_name,last_name,city', 'A,B,Pune'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Missing columns: email, phone, lead_source. The first row must name the columns as the sample file does (Sample Format).');
  });

  it('reports duplicates of existing leads (phone normalised, e-mail any case) and of earlier rows', async () => {
    await insertTestLead(ctx.app.db, skyline, { email: 'existing.dup@dups.test', phone: '9845011223' });
    const before = await countLeads(skyline);
    const file = csv(
      HEADER,
      row({ phone: '+91 98450-11223' }), // row 2: phone of the existing lead
      row({ email: 'EXISTING.Dup@dups.test' }), // row 3: e-mail of the existing lead
      row({ email: 'first.in.file@dups.test', phone: '99000 11111' }), // row 4: new
      row({ email: 'First.In.File@dups.test' }), // row 5: e-mail of row 4
      row({ phone: '099000-11111' }), // row 6: phone of row 4 (leading 0)
      row({ phone: '919900011111' }), // row 7: phone of row 4 (leading 91)
    );
    const result = report(await importFile(ctx, 'skylineAdmin', 'dups.csv', file));
    expect(result.imported).toBe(1);
    expect(result.duplicates).toBe(5);
    expect(result.rejected).toEqual([
      { row: 2, reasons: ['Duplicate phone: a lead with this phone number already exists'] },
      { row: 3, reasons: ['Duplicate email: a lead with this email already exists'] },
      { row: 5, reasons: ['Duplicate email: same as row 4'] },
      { row: 6, reasons: ['Duplicate phone: same as row 4'] },
      { row: 7, reasons: ['Duplicate phone: same as row 4'] },
    ]);
    expect(await countLeads(skyline)).toBe(before + 1);
  });

  it('leads of another company are no duplicates: tenancy holds in the check too', async () => {
    await insertTestLead(ctx.app.db, harbor, { email: 'harbor.only@dups.test', phone: '97000 55555' });
    const result = report(await importFile(ctx, 'skylineAdmin', 'tenancy.csv', csv(HEADER, row({ email: 'harbor.only@dups.test', phone: '97000 55555' }))));
    expect(result).toMatchObject({ imported: 1, duplicates: 0 });
  });

  it('stores formula-looking CSV cells as text, and drops our export\'s quote guard', async () => {
    const file = csv(
      HEADER,
      row({ first_name: '"=HYPERLINK(""http://evil.test"",""Click"")"', email: 'formula.one@formula.test' }),
      row({ first_name: "'=1+2", last_name: '@SUM(A1)', email: 'formula.two@formula.test', phone: "'+91 90001 23456" }),
    );
    const result = report(await importFile(ctx, 'skylineAdmin', 'formulas.csv', file));
    expect(result).toMatchObject({ imported: 2, rejected: [] });
    expect(await leadByEmail('formula.one@formula.test')).toMatchObject({ first_name: '=HYPERLINK("http://evil.test","Click")' });
    expect(await leadByEmail('formula.two@formula.test')).toMatchObject({ first_name: '=1+2', last_name: '@SUM(A1)', phone: '+91 90001 23456' });
    // And the export neutralises them again.
    const exported = await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/export/workflow/${sky[ALL_CONTACTS]}`, query: { search: 'formula.t' } });
    expect(exported.body).toContain(",'=1+2,'@SUM(A1),formula.two@formula.test,'+91 90001 23456,");
  });

  it('reads semicolon-separated CSV, Windows-1252 text and a CSV that starts with "ID"', async () => {
    const semi = csv(LEAD_IMPORT_HEADERS.join(';'), row({ email: 'semi@sep.test' }).replace(/,/g, ';'));
    expect(report(await importFile(ctx, 'skylineAdmin', 'semi.csv', semi)).imported).toBe(1);
    const latin = Buffer.from(csv(HEADER, row({ first_name: 'Jos\u00e9', email: 'jose@latin.test' })), 'latin1');
    expect(report(await importFile(ctx, 'skylineAdmin', 'latin.csv', latin)).imported).toBe(1);
    expect(await leadByEmail('jose@latin.test')).toMatchObject({ first_name: 'Jos\u00e9' });
    const withId = csv(`ID,${HEADER}`, `7,${row({ email: 'id.first@sylk.test' })}`);
    expect(report(await importFile(ctx, 'skylineAdmin', 'exported.csv', withId)).imported).toBe(1);
  });
});

describe('CSV reader', () => {
  it('reads rows exactly as SheetJS does (cells, row numbers, blank rows skipped)', () => {
    const texts = [
      [
        'a,b,c\r\n',
        '"multi\nline, with comma",plain,"quote ""inside"""\r\n',
        '\r\n',
        'unquoted "mid" quote,x,y\n',
        'lone cr row,1,2\r',
        '   ,\t, \r\n',
        ',,\n',
        '"",x,""\n',
        '"ends in quote",z,"last\r\nline"\n',
        '"unbalanced ""x,y\nstill inside",q\n',
        'trailing,empty,,,\n',
        '"a"b,"c"d"e",f\n',
        'Åsa,गली 7 😀,"naïve, café"\r\n',
        '=1+2,\'=SUM(A1),@x\n',
        'tail,without,newline',
      ].join(''),
      'x;y;z\r\n1;"2;3";4\r\n;;\r\nend;;\r',
      'h1\th2\nv1\t"v\t2"\n\n\nlast\t',
      '"',
      '\n\n',
      'only',
    ];
    const sheetJs = (text: string, sep: string) => {
      const book = XLSX.read(`sep=${sep}\n${text}`, { type: 'string', raw: true, dense: true });
      const rows = (book.Sheets[book.SheetNames[0]!]!['!data'] ?? []) as Array<Array<{ v?: unknown } | undefined> | undefined>;
      const out: Array<{ row: number; cells: string[] }> = [];
      rows.forEach((line, r) => {
        if (!line) return;
        const cells = Array.from(line, (c) => (c?.v == null ? '' : String(c.v)));
        if (cells.some((c) => c.trim() !== '')) out.push({ row: r + 1, cells });
      });
      return out;
    };
    for (const [text, sep] of texts.map((t, i) => [t, i === 1 ? ';' : i === 2 ? '\t' : ','] as const)) {
      expect([...csvRows(text, sep)], JSON.stringify(text)).toEqual(sheetJs(text, sep));
    }
  });
});

describe('CSV reader caps', () => {
  const rowsOf = (text: string) => [...csvRows(text, ',')];
  const refusal = (text: string) => {
    try {
      rowsOf(text);
    } catch (error) {
      return (error as Error).message;
    }
    return null;
  };

  it('takes 256 columns, drops blank cells beyond them, refuses a filled one', () => {
    const full = Array.from({ length: IMPORT_MAX_COLUMNS }, (_, i) => `c${i}`);
    expect(rowsOf(`${full.join(',')}\n`)[0]!.cells).toEqual(full);
    expect(rowsOf(`${full.join(',')}${', '.repeat(5000)}\nnext\n`).map((r) => r.cells.length)).toEqual([IMPORT_MAX_COLUMNS, 1]);
    expect(refusal(`h\n${full.join(',')},x\n`)).toBe(IMPORT_MESSAGES.tooManyColumns(2));
  });

  it('refuses a record of more than 64 KB of text, quoted or not, by its row number', () => {
    const long = 'x'.repeat(IMPORT_MAX_ROW_CHARS);
    expect(rowsOf(`h\n${long.slice(1)}\n`)[1]!.cells[0]).toHaveLength(IMPORT_MAX_ROW_CHARS - 1);
    expect(refusal(`h\n\n${long},y\n`)).toBe(IMPORT_MESSAGES.rowTooLong(3));
    expect(refusal(`h\n"${long}\nstill the same record",y\nnext\n`)).toBe(IMPORT_MESSAGES.rowTooLong(2));
    expect(refusal(`h\n"never closed ${long}`)).toBe(IMPORT_MESSAGES.rowTooLong(2));
  });
});

describe('workbook reading', () => {
  it('renames only hyperlink tags, prefixed or not, never text that names them', () => {
    const xml = '<x:hyperlink ref="A1"/><hyperlink ref="B1"/><c><t>&lt;hyperlink here, a:hyperlink there, hyperlink road</t></c><:hyperlink />';
    expect(withoutHyperlinks(Buffer.from(xml)).toString()).toBe(
      '<x:xyperlink ref="A1"/><xyperlink ref="B1"/><c><t>&lt;hyperlink here, a:hyperlink there, hyperlink road</t></c><:hyperlink />',
    );
  });

  it('refuses a sheet row beyond column 256 or with more than 64 KB of text, by its row number', () => {
    const lead = ['A', 'B', 'wide@book.test', '7000000001', '', '', '', '', '', 'Other'];
    const wide = `${SHEET_OPEN}${sheetRow(1, LEAD_IMPORT_HEADERS)}${sheetRow(2, lead)}<row r="3"><c r="IW3"><v>1</v></c></row>${SHEET_CLOSE}`;
    expect(() => [...readWorkbook('xlsx', workbookWithSheet(wide)).rows()]).toThrow(IMPORT_MESSAGES.tooManyColumns(3));
    const edge = `${SHEET_OPEN}${sheetRow(1, LEAD_IMPORT_HEADERS)}<row r="2"><c r="IV2"><v>1</v></c></row>${SHEET_CLOSE}`;
    expect([...readWorkbook('xlsx', workbookWithSheet(edge)).rows()].map((r) => r.cells.length)).toEqual([LEAD_IMPORT_HEADERS.length, IMPORT_MAX_COLUMNS]);
    const long = `${SHEET_OPEN}${sheetRow(1, LEAD_IMPORT_HEADERS)}${sheetRow(2, ['x'.repeat(40_000), 'y'.repeat(30_000)])}${SHEET_CLOSE}`;
    expect(() => [...readWorkbook('xlsx', workbookWithSheet(long)).rows()]).toThrow(IMPORT_MESSAGES.rowTooLong(2));
  });

  it('counts the data rows of a sheet for progress', () => {
    const sheet = `${SHEET_OPEN}${sheetRow(1, LEAD_IMPORT_HEADERS)}${sheetRow(2, ['a'])}${sheetRow(5, ['b'])}${SHEET_CLOSE}`;
    expect(readWorkbook('xlsx', workbookWithSheet(sheet)).total).toBe(2);
  });
});

describe('POST /api/v1/leads/import: workbooks', () => {
  it('reads the first sheet of an XLSX: numbers in full, formula cells by their cached value', async () => {
    const header = [...LEAD_IMPORT_HEADERS];
    const sheetRows: unknown[][] = [
      header,
      ['Anil', 'Kapoor', 'anil@xlsx.test', 9845012345, '', 'Chennai', 'Tamil Nadu', 600001, 'India', 'Website', 2, 'Won', 1],
      ['Sunita', 'Iyer', 'sunita@xlsx.test', '+91 98450 12346', '', 'Chennai', '', '', 'India', 'Referral', 'Plot', '', 'Documentation activity'],
    ];
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet(sheetRows);
    // A formula cell with its cached value: the value is read, the formula never run.
    sheet.A3 = { t: 's', v: 'Sunita', f: 'CONCAT("Sun","ita")' };
    sheet.E2 = { t: 'n', v: 3, f: '1+2' };
    XLSX.utils.book_append_sheet(book, sheet, 'Leads');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ['Not', 'Read', 'not@read.test', '98450 99999', '', '', '', '', '', 'Other', '1', '', '1']]), 'Second');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const res = await importFile(ctx, 'skylineAdmin', 'leads.xlsx', bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.statusCode).toBe(200);
    expect(report(res)).toMatchObject({ imported: 2, rejected: [] });
    expect(await leadByEmail('anil@xlsx.test')).toMatchObject({ phone: '9845012345', postal_code: '600001', address: '3', property_type: 2, workflow_id: sky.Won });
    expect(await leadByEmail('sunita@xlsx.test')).toMatchObject({ first_name: 'Sunita', property_type: 4, activities: 4, workflow_id: sky.Open });
    expect(await leadByEmail('not@read.test')).toBeUndefined();
  });

  it('reads an XLS (BIFF8) workbook', async () => {
    const bytes = workbook([[...LEAD_IMPORT_HEADERS], ['Old', 'Excel', 'old@xls.test', '98450 77777', '', 'Delhi', '', '', '', 'Other', 'Studio', 'Lost', 'Showcasing activity']], 'biff8', true);
    const res = await importFile(ctx, 'skylineAdmin', 'old.xls', bytes, 'application/vnd.ms-excel');
    expect(report(res)).toMatchObject({ imported: 1, rejected: [] });
    expect(await leadByEmail('old@xls.test')).toMatchObject({ property_type: 5, activities: 2, workflow_id: sky.Lost });
  });
});

describe('POST /api/v1/leads/import: bad files', () => {
  const refused = async (filename: string, data: Buffer | string, status = 422) => {
    const before = await countLeads(skyline);
    const res = await importFile(ctx, 'skylineAdmin', filename, data, 'application/octet-stream');
    expect(res.statusCode, `${filename}: ${res.body}`).toBe(status);
    expect(await countLeads(skyline)).toBe(before);
    return res.json() as { status: string; message: string; errors?: Record<string, string[]> };
  };

  it('refuses other file types', async () => {
    for (const name of ['leads.txt', 'leads.pdf', 'leads.csv.exe', 'leads', 'photo.png']) {
      expect((await refused(name, 'first_name\nA\n')).message).toBe(IMPORT_MESSAGES.wrongType);
    }
  });

  it('refuses an empty file, a header without rows and blank lines only', async () => {
    expect(await refused('empty.csv', '')).toEqual({ status: 'Error', message: IMPORT_MESSAGES.empty, errors: { file: [IMPORT_MESSAGES.empty] } });
    expect((await refused('header.csv', `${HEADER}\r\n\r\n`)).message).toBe(IMPORT_MESSAGES.noRows);
    expect((await refused('blank.csv', '\r\n , ,\r\n\r\n')).message).toBe(IMPORT_MESSAGES.empty);
    expect((await refused('empty.xlsx', workbook([], 'xlsx'))).message).toBe(IMPORT_MESSAGES.empty);
  });

  it('refuses content that is not what the name says', async () => {
    expect((await refused('image.csv', PNG_BYTES)).message).toBe(IMPORT_MESSAGES.notCsv);
    expect((await refused('text.xlsx', csv(HEADER, row()))).message).toBe(IMPORT_MESSAGES.brokenWorkbook('xlsx'));
    expect((await refused('text.xls', csv(HEADER, row()))).message).toBe(IMPORT_MESSAGES.brokenWorkbook('xls'));
    expect((await refused('book.xls', workbook([[...LEAD_IMPORT_HEADERS]], 'xlsx'))).message).toBe(IMPORT_MESSAGES.brokenWorkbook('xls'));
  });

  it('refuses a broken xlsx and a zip bomb, believing no size a zip declares', async () => {
    const good = workbook([[...LEAD_IMPORT_HEADERS], ['A', 'B', 'c@d.test', '98450 66666', '', '', '', '', '', 'Other', '1', '', '1']], 'xlsx');
    expect((await refused('cut.xlsx', good.subarray(0, Math.floor(good.length / 2)))).message).toBe(IMPORT_MESSAGES.brokenWorkbook('xlsx'));
    const mangled = Buffer.concat([good.subarray(0, 4), randomBytes(5000)]);
    expect((await refused('mangled.xlsx', mangled)).message).toBe(IMPORT_MESSAGES.brokenWorkbook('xlsx'));
    // A bomb is refused by what really comes out while inflating, whatever the headers say…
    expect((await refused('bomb.xlsx', workbookBomb(200, 'honest'))).message).toBe(IMPORT_MESSAGES.unpackedTooLarge);
    expect((await refused('hidden-bomb.xlsx', workbookBomb(200, 'zip64'))).message).toBe(IMPORT_MESSAGES.unpackedTooLarge);
    // …and a directory claiming 2 GB unpacked is a small workbook all the same.
    const claims = Buffer.from(good);
    const central = claims.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    claims.writeUInt32LE(0x7fff_ffff, central + 24);
    const res = await importFile(ctx, 'skylineAdmin', 'claims.xlsx', claims, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    expect(report(res).imported).toBe(1);
  });

  it('refuses a zip that is another format, an encrypted part, a UTF-16 part, and too many parts', async () => {
    const sheet = `${SHEET_OPEN}${sheetRow(1, LEAD_IMPORT_HEADERS)}${SHEET_CLOSE}`;
    const broken = IMPORT_MESSAGES.brokenWorkbook('xlsx');
    const withPart = (...extra: ZipEntry[]) => zipOf([...workbookEntries(sheet), ...extra]);
    // OpenDocument and Numbers packages SheetJS would read instead.
    expect((await refused('ods.xlsx', withPart(deflated('META-INF/manifest.xml', '<manifest/>')))).message).toBe(broken);
    expect((await refused('numbers.xlsx', withPart(deflated('Index/Document.iwa', 'x')))).message).toBe(broken);
    expect((await refused('none.xlsx', zipOf([deflated('xl/workbook.xml', '<workbook/>')]))).message).toBe(broken);
    expect((await refused('locked.xlsx', zipOf(workbookEntries(sheet).map((e) => ({ ...e, flags: 1 }))))).message).toBe(broken);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sheet, 'utf16le')]);
    expect((await refused('utf16.xlsx', workbookWithSheet(deflated(SHEET_PATH, utf16)))).message).toBe(broken);
    const many = Array.from({ length: XLSX_MAX_PARTS }, (_, i) => deflated(`xl/extra/part${i}.xml`, '<x/>'));
    expect((await refused('parts.xlsx', withPart(...many))).message).toBe(IMPORT_MESSAGES.tooManyParts);
  });

  it('refuses 10 MB of junk, whatever it is called', async () => {
    const junk = randomBytes(10 * 1024 * 1024);
    expect((await refused('junk.xlsx', junk)).message).toBe(IMPORT_MESSAGES.brokenWorkbook('xlsx'));
    expect((await refused('junk.xls', junk)).message).toBe(IMPORT_MESSAGES.brokenWorkbook('xls'));
    expect((await refused('junk.csv', junk)).message).toBe(IMPORT_MESSAGES.notCsv);
  });

  it('refuses files over the size cap with 413 and a clear message', async () => {
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x61);
    expect(await refused('big.csv', big, 413)).toEqual({ status: 'Error', message: IMPORT_MESSAGES.tooLarge });
  });

  it('refuses more rows than the cap (422) and writes none of them', async () => {
    const lines = [HEADER];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++) lines.push(`A,B,cap${i}@cap.test,9${String(i).padStart(9, '0')},,,,,,Other,1,,1`);
    expect((await refused('many.csv', lines.join('\n'))).message).toBe(IMPORT_MESSAGES.tooManyRows);
  }, 60_000);

  it('refuses a request without the file (docs/product/messages.md message)', async () => {
    const other = multipartBody([{ name: 'upload', filename: 'x.csv', type: 'text/csv', data: csv(HEADER, row()) }]);
    const res = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/import', payload: other.payload, headers: other.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.leads.selectFile);
    const json = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/import', payload: { file: 'x' } });
    expect(json.statusCode).toBe(422);
    expect(json.json().message).toBe(MESSAGES.leads.selectFile);
  });
});

describe('POST /api/v1/leads/import: nothing of a failed import stays', () => {
  it('an import that fails midway leaves nothing behind', async () => {
    const db = ctx.app.db;
    // A database failure on row 701 (the second insert batch), after 700 rows were written.
    if (testEngine() === 'postgres') {
      await sql`create function fail_import() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`.execute(db);
      await sql`create trigger fail_import before insert on leads for each row when (new.email = 'boom@atomic.test') execute function fail_import()`.execute(db);
    } else {
      await sql`create trigger fail_import before insert on leads when new.email = 'boom@atomic.test' begin select raise(abort, 'disk on fire'); end`.execute(db);
    }
    try {
      const lines = [HEADER];
      for (let i = 0; i < 700; i++) lines.push(row({ email: `atomic${i}@atomic.test` }));
      lines.push(row({ email: 'boom@atomic.test' }));
      const before = await countLeads(skyline);
      const res = await importFile(ctx, 'skylineAdmin', 'atomic.csv', csv(...lines));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 'Error', message: MESSAGES.generic.serverError });
      expect(await countLeads(skyline)).toBe(before);
      expect(await leadByEmail('atomic0@atomic.test')).toBeUndefined();
    } finally {
      await sql`drop trigger fail_import${sql.raw(testEngine() === 'postgres' ? ' on leads' : '')}`.execute(db);
      if (testEngine() === 'postgres') await sql`drop function fail_import()`.execute(db);
    }
    expect(await countDrift(db)).toEqual([]);
  });
});

describe.runIf(testEngine() === 'sqlite')('SQLite search index: merged after an import, not during it', () => {
  const automerge = async () =>
    Number((await sql<{ v: number }>`SELECT v FROM leads_search_config WHERE k = 'automerge'`.execute(ctx.app.db)).rows[0]?.v ?? AUTOMERGE_DEFAULT);
  const segments = async () => Number((await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM leads_search_idx`.execute(ctx.app.db)).rows[0]!.n);
  const found = async (text: string) => (await ctx.inject('skylineAdmin', { url: `/api/v1/leads/list/workflow/${sky[ALL_CONTACTS]}?pageSize=1000&search=${text}` })).json().data.total;

  it('an import writes with merging paused and leaves it as it was, whether it succeeds or fails', async () => {
    const db = ctx.app.db;
    // Notes the automerge setting each time a watched lead goes in, inside the import's transaction.
    await sql`CREATE TABLE watch_automerge (v)`.execute(db);
    await sql`CREATE TRIGGER watch_automerge AFTER INSERT ON leads WHEN NEW.email LIKE 'watched%' BEGIN
      INSERT INTO watch_automerge SELECT coalesce((SELECT v FROM leads_search_config WHERE k = 'automerge'), -1); END`.execute(db);
    await sql`CREATE TRIGGER fail_watched BEFORE INSERT ON leads WHEN NEW.email = 'watched.boom@merge.test' BEGIN SELECT raise(abort, 'disk on fire'); END`.execute(db);
    try {
      const ok = await importFile(ctx, 'skylineAdmin', 'merge.csv', csv(HEADER, row({ email: 'watched1@merge.test', city: 'Mergepur' }), row({ email: 'watched2@merge.test', city: 'Mergepur' })));
      expect(report(ok).imported).toBe(2);
      const failed = await importFile(ctx, 'skylineAdmin', 'merge.csv', csv(HEADER, row({ email: 'watched3@merge.test' }), row({ email: 'watched.boom@merge.test' })));
      expect(failed.statusCode).toBe(500);
      const seen = (await sql<{ v: number }>`SELECT v FROM watch_automerge`.execute(db)).rows.map((r) => Number(r.v));
      // The failed import's row was noted too, then rolled back with its batch.
      expect(seen).toEqual([0, 0]);
      // Merging comes back once the imports' segments are merged, after their answers.
      await searchUpkeepSettled(db);
      expect(await automerge()).toBe(AUTOMERGE_DEFAULT);
      // Its small flushes and no crisis merges were for the import only.
      const option = async (k: string) => Number((await sql<{ v: number }>`SELECT v FROM leads_search_config WHERE k = ${k}`.execute(db)).rows[0]?.v);
      expect(await option('crisismerge')).toBe(CRISISMERGE_DEFAULT);
      expect(await option('hashsize')).toBe(HASHSIZE_DEFAULT);
      expect(await found('mergepur')).toBe(2);
    } finally {
      await sql`DROP TRIGGER watch_automerge`.execute(db);
      await sql`DROP TRIGGER fail_watched`.execute(db);
      await sql`DROP TABLE watch_automerge`.execute(db);
    }
  });

  it('the merge after it folds the new segments together in steps, and search finds the same leads', async () => {
    const db = ctx.app.db;
    // A small in-memory buffer (FTS5 "hashsize"), so that 1,200 leads make many small segments.
    await sql`INSERT INTO leads_search (leads_search, rank) VALUES ('hashsize', 16384)`.execute(db);
    try {
      await db.transaction().execute(async (trx) => {
        await setSearchAutomerge(trx, 0);
        for (let i = 0; i < 1200; i++) await insertTestLead(trx, skyline, { first_name: `Segmented${i}`, city: 'Foldpur', email: `fold${i}@merge.test` });
        await setSearchAutomerge(trx, AUTOMERGE_DEFAULT);
      });
      const before = await segments();
      expect(before).toBeGreaterThan(8);
      expect(await mergeSearchIndex(db)).toBeGreaterThan(0);
      expect(await segments()).toBeLessThan(before / 2);
      expect(await found('foldpur')).toBe(1200);
      expect(await found('segmented1199')).toBe(1);
      // Nothing left to merge: the next call is done at once.
      expect(await mergeSearchIndex(db)).toBe(0);
    } finally {
      // Back to FTS5's default (1 MB); the config table itself may not be written.
      await sql`INSERT INTO leads_search (leads_search, rank) VALUES ('hashsize', 1048576)`.execute(db);
    }
  });
});
