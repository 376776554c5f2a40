/**
 * The screen's `admin` access (src/runtime/screens.ts): the sidebar shows Audit Log, beside Roles &
 * Permissions, to company admins and the super admin only; every signed-in person reaches the
 * route, where an agent gets the refusal in place (AuditLog.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { groupsContaining, visibleLinkLabels } from '../../../src/app/navigation';
import { decideRoute } from '../../../src/app/routes';
import { ALL_PERMISSIONS } from '../../../src/contract';
import { opensAdminScreens } from '../../../src/runtime/screens';
import { AUDIT_SCREENS } from '../../../src/widgets/audit-log/widget';

const path = AUDIT_SCREENS.log.href();

describe('Audit Log in the sidebar and the routes', () => {
  it('opens for admins and the super admin only', () => {
    expect(['super_admin', 'admin', 'agent', '', null, undefined].map((t) => opensAdminScreens(t))).toEqual([true, true, false, false, false, false]);
  });

  it('sits in System after Roles & Permissions for admins and the super admin', () => {
    for (const user_type of ['admin', 'super_admin']) {
      const labels = visibleLinkLabels({ user_type, permissions: [...ALL_PERMISSIONS] });
      expect(labels.slice(labels.indexOf('Roles & Permissions'), labels.indexOf('Roles & Permissions') + 2)).toEqual(['Roles & Permissions', 'Audit Log']);
    }
    expect(groupsContaining(path)).toEqual(['management', 'management.system']);
  });

  it('is no link for an agent, whatever their permissions', () => {
    expect(visibleLinkLabels({ user_type: 'agent', permissions: [...ALL_PERMISSIONS] })).not.toContain('Audit Log');
    expect(visibleLinkLabels(null)).not.toContain('Audit Log');
  });

  it('needs a signed-in person; the refusal of an agent is the gate’s, in place', () => {
    expect(decideRoute(path, { token: null })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute(`${path}?record_type=lead&record_id=42`, { token: 't', userType: 'agent' })).toMatchObject({ kind: 'screen', route: { title: 'Audit Log' } });
  });
});
