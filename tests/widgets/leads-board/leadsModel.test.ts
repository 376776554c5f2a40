import { describe, expect, it } from 'vitest';
import { ACTIVITIES, LEAD_PROPERTY_TYPES, MESSAGES, type Lead } from '../../../src/contract';
import {
  activityLabel,
  clampPage,
  exportFileName,
  filterLeads,
  leadName,
  leadStatus,
  leadStatusValue,
  mailtoLink,
  optionIndex,
  pageCount,
  pageSlice,
  propertyTypeLabel,
  selectedIds,
  statusOptions,
  whatsappLink,
  workflowIdForChange,
  workflowTabs,
} from '../../../src/widgets/leads-board/leadsModel';
import {
  buildEditPayload,
  checkAddLead,
  editOutcome,
  emptyLeadForm,
  leadToForm,
  type LeadFormValues,
} from '../../../src/widgets/leads-board/leadForms';
import { importFileProblem, summariseImport } from '../../../src/widgets/leads-board/importReport';
import { WORKFLOWS, seedLeads } from './fakeLeadsServer';

const lead = (over: Partial<Lead> = {}): Lead => ({ ...seedLeads(1)[0]!, ...over });

describe('search filtering (docs/product/rules.md)', () => {
  const leads = seedLeads();
  it('keeps everything for a blank search', () => {
    expect(filterLeads(leads, '   ')).toHaveLength(leads.length);
  });
  it('matches any field, case-insensitively', () => {
    expect(filterLeads(leads, 'LEAD7@EXAMPLE').map((l) => l.id)).toEqual([7]);
    expect(filterLeads(leads, 'pune').every((l) => l.city === 'Pune')).toBe(true);
    expect(filterLeads(leads, 'maharashtra')).toHaveLength(leads.length);
    expect(filterLeads(leads, '411001')).toHaveLength(leads.length);
  });
  it('matches the labels the table shows, not only raw indexes', () => {
    const rows = [lead({ id: 1, property_type: 8 }), lead({ id: 2, property_type: 1, activities: 4 })];
    expect(filterLeads(rows, 'villa').map((l) => l.id)).toEqual([1]);
    expect(filterLeads(rows, 'documentation').map((l) => l.id)).toEqual([2]);
  });
  it('does not match the internal version counter', () => {
    const rows = [lead({ id: 50, version: 777, phone: null, postal_code: null, address: null })];
    expect(filterLeads(rows, '777')).toHaveLength(0);
  });
  it('matches the joined name when only first and last are sent', () => {
    const rows = [lead({ name: null, first_name: 'Asha', last_name: 'Rani Verma' })];
    expect(filterLeads(rows, 'asha rani')).toHaveLength(1);
  });
});

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
  it('clamps and slices pages', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(9, 3)).toBe(3);
    expect(pageSlice([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageSlice([1, 2, 3], 7, 2)).toEqual([3]);
  });
});

describe('links', () => {
  it('turns Indian numbers in any spelling into one WhatsApp chat', () => {
    for (const phone of ['+91 98765 43210', '+91-98765-43210', '9876543210', '098765 43210', '91 98765 43210', '0091 98765 43210']) {
      expect(whatsappLink(phone)).toBe('https://wa.me/919876543210');
    }
  });
  it('keeps other country codes and refuses what is not a number', () => {
    expect(whatsappLink('+44 20 7946 0958')).toBe('https://wa.me/442079460958');
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink(null)).toBeNull();
    expect(whatsappLink('12')).toBeNull();
  });
  it('mails the lead', () => {
    expect(mailtoLink(' a@b.in ')).toBe('mailto:a@b.in');
    expect(mailtoLink('')).toBeNull();
  });
});

describe('options and statuses', () => {
  it('reads indexes and names', () => {
    expect(optionIndex(LEAD_PROPERTY_TYPES, 3)).toBe(3);
    expect(optionIndex(LEAD_PROPERTY_TYPES, '9')).toBe(9);
    expect(optionIndex(LEAD_PROPERTY_TYPES, 'villa')).toBe(8);
    expect(optionIndex(LEAD_PROPERTY_TYPES, 10)).toBeNull();
    expect(propertyTypeLabel(2)).toBe(LEAD_PROPERTY_TYPES[1]);
    expect(activityLabel('1')).toBe(ACTIVITIES[0]);
    expect(activityLabel('Something else')).toBe('Something else');
  });
  it('puts All Contacts first and leaves it out of the status choices', () => {
    const shuffled = [WORKFLOWS[2]!, WORKFLOWS[0]!, WORKFLOWS[1]!];
    expect(workflowTabs(shuffled).map((w) => w.name)).toEqual(['All Contacts', 'Won', 'Open']);
    expect(statusOptions(WORKFLOWS).map((w) => w.name)).toEqual(['Open', 'Won', 'Lost']);
  });
  it('accepts only real statuses for a change', () => {
    expect(workflowIdForChange('3', WORKFLOWS)).toBe(3);
    expect(workflowIdForChange('', WORKFLOWS)).toBeNull();
    expect(workflowIdForChange('1', WORKFLOWS)).toBeNull();
    expect(workflowIdForChange('99', WORKFLOWS)).toBeNull();
  });
  it('finds a lead status by name or id', () => {
    expect(leadStatus({ workflow: null, workflow_id: 4 }, WORKFLOWS)).toBe('Lost');
    expect(leadStatusValue({ workflow: 'won', workflow_id: null }, WORKFLOWS)).toBe('3');
    expect(leadName({ name: null, first_name: 'A', last_name: 'B' })).toBe('A B');
  });
  it('lists the selected ids still on screen', () => {
    const rows = seedLeads(3);
    expect(selectedIds({ '1': true, '2': false, '3': true, '99': true }, rows)).toEqual([1, 3]);
  });
  it('names export files', () => {
    expect(exportFileName('All Contacts', new Date('2026-11-22T10:00:00Z'))).toBe('leads-all-contacts-2026-11-22.csv');
  });
});

describe('add lead (docs/product/rules.md)', () => {
  const filled = (over: Partial<LeadFormValues> = {}): LeadFormValues => ({
    ...emptyLeadForm(),
    first_name: ' Asha ',
    last_name: 'Verma',
    email: 'Asha@Example.com',
    phone: '+91 98765 43210',
    lead_source: 'Website',
    workflow_id: '2',
    ...over,
  });

  it('starts with the product defaults for property type and activity, and no status', () => {
    const blank = emptyLeadForm();
    expect([blank.property_type, blank.activities, blank.workflow_id]).toEqual(['1', '2', '']);
  });
  it('refuses a missing required field with the product message and per-field messages', () => {
    const result = checkAddLead(filled({ first_name: '', workflow_id: '' }), WORKFLOWS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(MESSAGES.validation.requiredFields);
    expect(result.errors.first_name).toBe(MESSAGES.validation.firstNameRequired);
    expect(result.errors.workflow_id).toBe('Status is required');
  });
  it('checks the e-mail format', () => {
    const result = checkAddLead(filled({ email: 'not-an-email' }), WORKFLOWS);
    expect(result.ok || result.errors.email).toBe(MESSAGES.validation.emailInvalid);
  });
  it('refuses All Contacts as a status', () => {
    const result = checkAddLead(filled({ workflow_id: '1' }), WORKFLOWS);
    expect(result.ok || result.message).toBe(MESSAGES.leads.invalidWorkflow);
  });
  it('sends integers, the product defaults and the joined name', () => {
    const result = checkAddLead(filled({ property_type: 'x', activities: 'abc' }), WORKFLOWS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toMatchObject({
      first_name: 'Asha',
      name: 'Asha Verma',
      email: 'asha@example.com',
      property_type: 1,
      activities: 2,
      workflow_id: 2,
      address: null,
    });
  });
});

describe('edit lead', () => {
  it('fills the form from a lead, splitting the name when needed', () => {
    const values = leadToForm(lead({ name: 'Asha Rani Verma', first_name: null, last_name: null, property_type: 'Villa', activities: 3, lead_source: 'website' }), WORKFLOWS);
    expect(values).toMatchObject({ first_name: 'Asha', last_name: 'Rani Verma', property_type: '8', activities: '3', lead_source: 'Website', workflow_id: '2' });
  });
  it('sends the full lead, the combined name, integers and the version', () => {
    const source = lead({ version: 4 });
    const values = { ...leadToForm(source, WORKFLOWS), first_name: 'Neha', workflow_id: '3' };
    expect(buildEditPayload(values, source, WORKFLOWS)).toMatchObject({
      id: 1,
      name: 'Neha Lead1',
      workflow_id: 3,
      workflow: 'Won',
      property_type: 1,
      activities: 1,
      version: 4,
    });
  });
  it('reads the answer as docs/product/messages.md does', () => {
    expect(editOutcome({ data: lead(), message: 'x' }).kind).toBe('updated');
    expect(editOutcome({ message: 'Saved for review' })).toEqual({ kind: 'message', message: 'Saved for review' });
    expect(editOutcome({})).toEqual({ kind: 'unexpected' });
  });
});

describe('import', () => {
  it('needs a spreadsheet file', () => {
    expect(importFileProblem(null)).toBe(MESSAGES.leads.selectFile);
    expect(importFileProblem({ name: 'leads.CSV' })).toBeNull();
    expect(importFileProblem({ name: 'leads.xls' })).toBeNull();
    expect(importFileProblem({ name: 'leads.pdf' })).toMatch(/\.csv/);
  });
  it('summarises the report, rejected rows in file order', () => {
    const summary = summariseImport({ imported: 1, duplicates: 2, rejected: [{ row: 9, reasons: ['b'] }, { row: 3, reasons: ['a', 'c'] }] });
    expect(summary.headline).toBe('Imported 1 lead. 2 rows rejected. 2 duplicates skipped.');
    // Large counts grouped as the rest of the board shows numbers; all rejected rows counted, not only those listed.
    const many = summariseImport({ imported: 100000, duplicates: 20000, rejected: [{ row: 2, reasons: ['x'] }], rejected_total: 21000 });
    expect(many.headline).toBe('Imported 1,00,000 leads. 21,000 rows rejected (the first 1 listed). 20,000 duplicates skipped.');
    expect(summary.rejected).toEqual([{ row: 3, text: 'a; c' }, { row: 9, text: 'b' }]);
  });
});
