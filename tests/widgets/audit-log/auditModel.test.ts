import { describe, expect, it } from 'vitest';
import type { ActivityEvent } from '../../../src/contract';
import { actionOptions, auditQuery, exportFileName, filtersSearch, joinPages, personOptions, readFilters, withFilter } from '../../../src/widgets/audit-log/auditModel';
import { actionName, actionWords, actorText, changeLines, changeText, changeValue, detailLines, recordText, whenText } from '../../../src/widgets/audit-log/auditWords';
import { AUDIT_SCREENS, auditLogHref } from '../../../src/widgets/audit-log/widget';
import { fakeEvent } from './fakeAuditServer';

const event = fakeEvent;

describe('the filters in the address', () => {
  it('reads what the server takes and leaves out what it would refuse', () => {
    expect(readFilters(new URLSearchParams('record_type=lead&record_id=42'))).toEqual({ record_type: 'lead', record_id: '42' });
    expect(
      readFilters(new URLSearchParams('record_type=villa&record_id=-1&actor_id=7x&from=2026-02-30&to=2026-11-05&action=lead.&company_id=3&junk=1')),
    ).toEqual({ to: '2026-11-05', action: 'lead.', company_id: '3' });
    expect(readFilters(new URLSearchParams('action=lead.status_changed&actor_id=%207%20'))).toEqual({ action: 'lead.status_changed', actor_id: '7' });
    expect(readFilters(new URLSearchParams('action=DROP TABLE'))).toEqual({});
  });

  it('forgets what no longer follows when one filter changes', () => {
    expect(withFilter({ record_type: 'lead', record_id: '42', action: 'lead.updated' }, 'record_type', 'property')).toEqual({ record_type: 'property' });
    expect(withFilter({ record_type: 'lead', action: 'lead.updated' }, 'record_type', '')).toEqual({ action: 'lead.updated' });
    expect(withFilter({ company_id: '1', actor_id: '7' }, 'company_id', '2')).toEqual({ company_id: '2' });
    expect(withFilter({ actor_id: '7', from: '2026-11-01' }, 'from', '')).toEqual({ actor_id: '7' });
  });

  it('builds the query: filters, the cursor, the page size; days given backwards are swapped', () => {
    expect(auditQuery({ record_type: 'lead', record_id: '42' })).toEqual({ record_type: 'lead', record_id: '42', pageSize: '50' });
    expect(auditQuery({ actor_id: '7' }, 9001)).toEqual({ actor_id: '7', before: '9001', pageSize: '50' });
    expect(auditQuery({ from: '2026-11-09', to: '2026-11-01' }, null, null)).toEqual({ from: '2026-11-01', to: '2026-11-09' });
  });

  it('links to a record’s history through the declaration', () => {
    expect(auditLogHref({ record_type: 'lead', record_id: 42 })).toBe('/management/audit-log?record_type=lead&record_id=42');
    expect(auditLogHref({ record_type: 'property' })).toBe('/management/audit-log?record_type=property');
    expect(AUDIT_SCREENS.log.href({}, filtersSearch({ to: '2026-11-05', company_id: '2' }))).toBe('/management/audit-log?company_id=2&to=2026-11-05');
  });
});

describe('an event in words', () => {
  it.each([
    ['lead.created', null, 'added'],
    ['lead.updated', null, 'edited'],
    ['lead.status_changed', null, 'changed the status of'],
    ['lead.deleted', null, 'deleted'],
    ['lead.note_added', { kind: 'note' }, 'added a note to'],
    ['lead.note_added', { kind: 'call' }, 'logged a call on'],
    ['lead.note_added', { kind: 'email' }, 'logged an e-mail on'],
    ['lead.note_added', { kind: 'whatsapp' }, 'logged a WhatsApp message on'],
    ['lead.note_added', { kind: 'meeting' }, 'logged a meeting on'],
    ['lead.note_edited', null, 'edited a note on'],
    ['import.completed', null, 'imported leads from'],
    ['property.photos_changed', null, 'changed the photos of'],
    ['user.invited', { resent: true }, 'sent a new invitation to'],
    ['user.accepted', null, 'accepted the invitation'],
    ['session.sign_in_failed', null, 'failed to sign in as'],
    ['lead.archived', null, 'archived'],
  ])('%s says "%s"', (action, data, words) => {
    expect(actionWords(event({ action, data: data as ActivityEvent['data'] }))).toBe(words);
  });

  it('says "enabled" when a disabled person comes back', () => {
    expect(actionWords(event({ action: 'user.updated', changes: { status: ['disabled', 'active'] } }))).toBe('enabled');
    expect(actionWords(event({ action: 'user.updated', changes: { status: ['invited', 'active'], city: [null, 'Pune'] } }))).toBe('edited');
  });

  it('names the actions in the filter', () => {
    expect(actionName('lead.status_changed')).toBe('Lead: status changed');
    expect(actionName('user.updated')).toBe('Person: edited');
    expect(actionName('lead.')).toBe('Any lead action');
    expect(actionOptions('role').map((o) => o.value)).toEqual(['role.created', 'role.updated', 'role.deleted']);
    expect(actionOptions('role', 'role.').map((o) => o.label)).toEqual(['Any role action', 'Role: added', 'Role: edited', 'Role: deleted']);
    expect(actionOptions().length).toBeGreaterThan(20);
  });

  it('says who and which record, also when names are missing', () => {
    expect(actorText(event({}))).toBe('Skyline Admin');
    expect(actorText(event({ actor_name: null, actor_id: 9 }))).toBe('Person #9');
    expect(actorText(event({ actor_name: null, actor_id: null }))).toBe('Someone');
    expect(recordText(event({}))).toBe('Asha Rao');
    expect(recordText(event({ record_label: ' ', record_type: 'user', record_id: 8 }))).toBe('person #8');
    expect(recordText(event({ record_label: null, record_type: 'import', record_id: null }))).toBe('Import');
  });

  it('says when, in the person’s date format with the time', () => {
    expect(whenText('2026-11-05T14:05:00', 'd mmm yyyy')).toBe('5 Nov 2026, 14:05');
    expect(whenText('2026-11-05T09:03:00', 'dd/mm/yyyy')).toBe('05/11/2026, 09:03');
    expect(whenText('2026-11-05T09:03:00', 'mm/dd/yyyy')).toBe('11/05/2026, 09:03');
    expect(whenText('not a date', 'dd/mm/yyyy')).toBe('not a date');
  });
});

describe('the changes', () => {
  it('formats a value: none, options, lists, yes/no, long texts', () => {
    expect(changeValue('city', null)).toBe('—');
    expect(changeValue('city', '')).toBe('—');
    expect(changeValue('city', 'Pune')).toBe('Pune');
    expect(changeValue('property_type', 1, 'lead')).not.toBe('1');
    expect(changeValue('property_type', 'Villa', 'property')).toBe('Villa');
    expect(changeValue('bedrooms', 3, 'property')).toBe('3');
    expect(changeValue('operating_cities', ['Pune', 'Mumbai'], 'company')).toBe('Pune, Mumbai');
    expect(changeValue('operating_cities', [], 'company')).toBe('—');
    expect(changeValue('featured', true, 'property')).toBe('Yes');
    expect(changeValue('description', 'x'.repeat(200), 'property')).toHaveLength(80);
    expect(changeValue('meta', { a: 1 }, 'property')).toBe('{"a":1}');
  });

  it('says each changed field as before → after', () => {
    const lines = changeLines(event({ changes: { workflow: ['Open', 'Lost'], city: [null, 'Pune'], phone: ['98200 00000', null] } }));
    expect(lines.map(changeText)).toEqual(['Status: Open → Lost', 'City: — → Pune', 'Phone: 98200 00000 → —']);
    expect(changeLines(event({ changes: null }))).toEqual([]);
  });

  it('says what a list gained and lost, or that it was reordered', () => {
    const role = event({ record_type: 'role', changes: { permissions: [['lead-read', 'lead-delete'], ['lead-read', 'lead-edit']] } });
    expect(changeLines(role).map(changeText)).toEqual(['Permissions: added lead-edit; removed lead-delete']);
    const photos = event({ record_type: 'property', changes: { order: [[1, 2], [2, 1]] } });
    expect(changeLines(photos).map(changeText)).toEqual(['Photo order: reordered']);
  });

  it('says what else an event carries', () => {
    expect(detailLines(event({ action: 'lead.note_added', data: { kind: 'call', body: 'Will  visit\nSunday' } }))).toEqual(['“Will visit Sunday”']);
    expect(detailLines(event({ action: 'import.completed', data: { imported: 12, duplicates: 1, rejected: 0 } }))).toEqual(['12 leads imported, 1 duplicate, 0 rejected']);
    expect(detailLines(event({ action: 'property.photos_changed', data: { added: [5, 6], removed: [] } }))).toEqual(['2 photos added']);
    expect(detailLines(event({ action: 'user.updated', data: { password: 'changed' } }))).toEqual(['Password changed']);
    expect(detailLines(event({ action: 'user.invited', data: { role: 'Sales Agent' } }))).toEqual(['Role: Sales Agent']);
    expect(detailLines(event({ action: 'lead.updated', data: null }))).toEqual([]);
  });
});

describe('pages and choices', () => {
  it('joins pages newest first, each event once', () => {
    const joined = joinPages([[event({ id: 9 }), event({ id: 8 })], [event({ id: 8 }), event({ id: 3 })]]);
    expect(joined.map((e) => e.id)).toEqual([9, 8, 3]);
  });

  it('offers the company’s people, the actors of the events and the chosen one, by name', () => {
    const options = personOptions([{ value: '7', label: 'Skyline Admin' }], [event({ actor_id: 12, actor_name: 'Gone Person' }), event({ actor_id: null })], '99');
    expect(options).toEqual([
      { value: '12', label: 'Gone Person' },
      { value: '99', label: 'Person #99' },
      { value: '7', label: 'Skyline Admin' },
    ]);
  });

  it('names the export by the day', () => {
    expect(exportFileName(new Date(2026, 10, 5, 23, 59))).toBe('audit-log-2026-11-05.csv');
  });
});
