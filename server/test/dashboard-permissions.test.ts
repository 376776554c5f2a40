/**
 * The dashboard's lead figures (the latest leads' names and contacts among them) need lead-read,
 * as every other read of leads does; property figures property-read. A role holding another
 * permission of a resource without its -read one (written before the read rule, or by hand) shows
 * nothing of it.
 */
import { describe, expect, it } from 'vitest';
import { addSkylineAgent } from './helpers/agentPersonas';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const summaryAs = async (token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { visible: { leads: boolean; properties: boolean }; leads: unknown; latest_leads: unknown; properties: unknown };
};

describe('dashboard figures follow the -read permissions', () => {
  it('hides lead figures from an agent whose role holds lead-create but not lead-read, and property figures without property-read', async () => {
    const { token } = await addSkylineAgent(ctx, { email: 'writer@skyline.test', role: 'Writer Only', permissions: ['lead-create', 'property-edit'] });
    const summary = await summaryAs(token);
    expect(summary.visible).toEqual({ leads: false, properties: false, appointments: false });
    expect(summary.leads).toBeNull();
    expect(summary.latest_leads).toBeNull();
    expect(summary.properties).toBeNull();
  });

  it('shows each group to an agent holding its -read permission', async () => {
    const { token } = await addSkylineAgent(ctx, { email: 'reader@skyline.test', role: 'Reader', permissions: ['lead-read'] });
    const summary = await summaryAs(token);
    expect(summary.visible).toEqual({ leads: true, properties: false, appointments: false });
    expect(summary.latest_leads).not.toBeNull();
  });
});
