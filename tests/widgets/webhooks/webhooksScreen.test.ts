/**
 * The screens' `admin` access (src/runtime/screens.ts), as the Audit Log's: the sidebar shows
 * Webhooks in System after the Audit Log to admins, never to an agent; the delivery log has no link
 * of its own. An agent reaching the route is refused in place (Webhooks.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { groupsContaining, visibleLinkLabels } from '../../../src/app/navigation';
import { decideRoute } from '../../../src/app/routes';
import { ALL_PERMISSIONS } from '../../../src/contract';
import { WEBHOOK_SCREENS } from '../../../src/widgets/webhooks/widget';

describe('Webhooks in the sidebar and the routes', () => {
  it('sits in System after the Audit Log for a company admin', () => {
    const labels = visibleLinkLabels({ user_type: 'admin', permissions: [...ALL_PERMISSIONS] });
    expect(labels.slice(labels.indexOf('Roles & Permissions'), labels.indexOf('Roles & Permissions') + 3)).toEqual(['Roles & Permissions', 'Audit Log', 'Webhooks']);
    expect(groupsContaining(WEBHOOK_SCREENS.list.href())).toEqual(['management', 'management.system']);
    expect(labels).not.toContain('Webhook deliveries');
  });

  it('is no link for an agent, whatever their permissions', () => {
    expect(visibleLinkLabels({ user_type: 'agent', permissions: [...ALL_PERMISSIONS] })).not.toContain('Webhooks');
    expect(visibleLinkLabels(null)).not.toContain('Webhooks');
  });

  it('needs a signed-in person, and titles each screen', () => {
    expect(decideRoute(WEBHOOK_SCREENS.list.href(), { token: null })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute(WEBHOOK_SCREENS.list.href(), { token: 't', userType: 'admin' })).toMatchObject({ kind: 'screen', route: { title: 'Webhooks' } });
    expect(decideRoute(WEBHOOK_SCREENS.deliveries.href({ id: 4 }), { token: 't', userType: 'admin' })).toMatchObject({ kind: 'screen', route: { title: 'Webhook deliveries' } });
  });
});
