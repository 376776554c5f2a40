import { describe, expect, it } from 'vitest';
import { filterAppointments, isFilterEmpty, toggleValue } from '../../../src/widgets/calendar/model/filters';
import { appointment } from './fixtures';

const at = '2026-11-23T09:00:00Z';
const end = '2026-11-23T10:00:00Z';
const visit = appointment(at, end, { agent_id: 1, kind: 'site_visit', status: 'confirmed' });
const followUp = appointment(at, end, { agent_id: 2, kind: 'follow_up', status: 'proposed' });
const meeting = appointment(at, end, { agent_id: 1, kind: 'meeting', status: 'cancelled' });
const all = [visit, followUp, meeting];

describe('filters', () => {
  it('lets everything through when nothing is picked', () => {
    expect(filterAppointments(all, {})).toEqual(all);
    expect(filterAppointments(all, { agentIds: [], kinds: [], statuses: [] })).toEqual(all);
    expect(isFilterEmpty({ kinds: [] })).toBe(true);
  });

  it('narrows by agent, kind and status, all at once', () => {
    expect(filterAppointments(all, { agentIds: [1] })).toEqual([visit, meeting]);
    expect(filterAppointments(all, { kinds: ['follow_up', 'meeting'] })).toEqual([followUp, meeting]);
    expect(filterAppointments(all, { statuses: ['confirmed', 'proposed'] })).toEqual([visit, followUp]);
    expect(filterAppointments(all, { agentIds: [1], statuses: ['confirmed', 'proposed'] })).toEqual([visit]);
    expect(isFilterEmpty({ agentIds: [1] })).toBe(false);
    // An agent picked from a list of people whose ids came as text.
    expect(filterAppointments(all, { agentIds: ['2'] })).toEqual([followUp]);
  });

  it('toggles a chip’s value in and out', () => {
    expect(toggleValue(undefined, 'meeting')).toEqual(['meeting']);
    expect(toggleValue(['meeting', 'site_visit'], 'meeting')).toEqual(['site_visit']);
  });
});
