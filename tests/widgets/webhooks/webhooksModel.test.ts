import { describe, expect, it } from 'vitest';
import { MESSAGES, WEBHOOK_KINDS } from '../../../src/contract';
import { answerText, durationText, formValues, groupState, joinPages, KIND_GROUPS, kindLabel, kindsSummary, toggleKinds, validateWebhook } from '../../../src/widgets/webhooks/webhooksModel';

describe('webhooks model: kinds', () => {
  it('groups every kind of the contract once, in its order', () => {
    expect(KIND_GROUPS.map((g) => g.label)).toEqual(['Leads', 'Lead imports', 'Properties', 'People', 'Roles', 'Company', 'Appointments']);
    expect(KIND_GROUPS.flatMap((g) => g.kinds)).toEqual(WEBHOOK_KINDS);
  });

  it('names kinds in words, and sums a webhook’s up per group', () => {
    expect(kindLabel('lead.status_changed')).toBe('Leads: status changed');
    expect(kindLabel('*')).toBe('All events');
    expect(kindsSummary(['*'])).toEqual(['All events']);
    expect(kindsSummary(['lead.created', 'role.updated', 'lead.deleted'])).toEqual(['Leads: added, deleted', 'Roles: edited']);
  });

  it('keeps "All events" alone, and the single kinds in the contract’s order', () => {
    expect(toggleKinds([], ['lead.deleted'], true)).toEqual(['lead.deleted']);
    expect(toggleKinds(['lead.deleted'], ['lead.created'], true)).toEqual(['lead.created', 'lead.deleted']);
    expect(toggleKinds(['lead.created', 'lead.deleted'], ['lead.created'], false)).toEqual(['lead.deleted']);
    expect(toggleKinds(['lead.created'], ['*'], true)).toEqual(['*']);
    expect(toggleKinds(['*'], ['*'], false)).toEqual([]);
    expect(toggleKinds(['*'], ['role.created'], true)).toEqual(['role.created']);
    const roles = KIND_GROUPS.find((g) => g.type === 'role')!;
    expect([[], ['role.created'], roles.kinds].map((chosen) => groupState(chosen, roles))).toEqual(['none', 'some', 'all']);
  });
});

describe('webhooks model: the form', () => {
  it('starts a new webhook active with https:// and nothing chosen; an edit from the webhook', () => {
    expect(formValues(null)).toEqual({ url: 'https://', kinds: [], active: true });
  });

  it('checks with the contract’s messages; https:// alone is no address', () => {
    const failed = validateWebhook({ url: 'https://', kinds: [], active: true });
    expect(failed).toEqual({ ok: false, errors: { url: MESSAGES.webhooks.urlRequired, kinds: MESSAGES.webhooks.kindsRequired } });
    expect(validateWebhook({ url: 'ftp://x', kinds: ['*'], active: true })).toMatchObject({ ok: false, errors: { url: MESSAGES.webhooks.urlInvalid } });
    expect(validateWebhook({ url: ' https://crm.example/hook ', kinds: ['lead.created'], active: false })).toEqual({
      ok: true,
      data: { url: 'https://crm.example/hook', kinds: ['lead.created'], active: false },
    });
  });
});

describe('webhooks model: deliveries', () => {
  it('says the answer and its time', () => {
    expect(durationText(84)).toBe('84 ms');
    expect(durationText(2400)).toBe('2.4 s');
    expect(answerText(500, 84)).toBe('HTTP 500 in 84 ms');
    expect(answerText(null, 10_000)).toBe('No answer after 10.0 s');
    expect(answerText(null, null)).toBe('No answer');
  });

  it('joins pages newest first, each delivery once', () => {
    expect(joinPages([[{ id: 5 }, { id: 3 }], [{ id: 3 }, { id: 1 }], [{ id: 6 }]]).map((d) => d.id)).toEqual([6, 5, 3, 1]);
  });
});
