import { describe, expect, it } from 'vitest';
import { agentOfLead, nextAppointmentsKey, nextAppointmentText } from '../../../src/widgets/leads-board/nextAppointmentModel';

describe('a lead’s next appointment on the board', () => {
  it('is kept under the appointments, so any save of the calendar form reloads it', () => {
    expect(nextAppointmentsKey(['1', '2'])).toEqual(['appointments', 'next', '1,2']);
  });

  it('says its kind and start', () => {
    expect(nextAppointmentText({ kind: 'follow_up', starts_at: '2026-12-05T05:00:00Z' }, 'Asia/Kolkata', 'd mmm yyyy')).toBe('Follow-up · 5 Dec 2026, 10:30');
  });

  it('gives a new visit to the agent of the lead’s next appointment, else to nobody named', () => {
    expect(agentOfLead({ agent_id: 8, agent: { id: 8, name: 'Ravi Kumar' } })).toEqual({ id: '8', name: 'Ravi Kumar' });
    expect(agentOfLead({ agent_id: 9, agent: null })).toEqual({ id: '9', name: 'Person #9' });
    expect(agentOfLead({ agent_id: null, agent: null })).toBeNull();
    expect(agentOfLead(undefined)).toBeNull();
  });
});
