import { describe, expect, it } from 'vitest';
import { groupsContaining, visibleLinkLabels } from '../../src/app/navigation';
import { ALL_PERMISSIONS, SALES_AGENT_PERMISSIONS } from '../../src/contract';

const everything = [
  'Dashboard',
  'User Management',
  'Company Profile',
  'Roles & Permissions',
  'Audit Log',
  'Webhooks',
  'Add Company',
  'All Companies',
  'Add Property',
  'All Properties',
  'Favourites',
  'Leads Management',
  'Calendar',
];

describe('visibleNavigation', () => {
  it('shows the super admin every item, Company group included, but a company’s own Webhooks', () => {
    expect(visibleLinkLabels({ user_type: 'super_admin', permissions: [] })).toEqual(everything.filter((l) => l !== 'Webhooks'));
  });

  it('hides the Company group from a company admin but keeps everything else', () => {
    expect(visibleLinkLabels({ user_type: 'admin', permissions: [...ALL_PERMISSIONS] })).toEqual(
      everything.filter((l) => l !== 'Add Company' && l !== 'All Companies'),
    );
  });

  it('takes from an agent exactly the items whose permission it lacks', () => {
    expect(visibleLinkLabels({ user_type: 'agent', permissions: [...SALES_AGENT_PERMISSIONS] })).toEqual([
      'Dashboard',
      'Company Profile',
      'All Properties',
      'Favourites',
      'Leads Management',
      'Calendar',
    ]);
  });

  it('gives an agent with property-create the Add Property item', () => {
    expect(visibleLinkLabels({ user_type: 'agent', permissions: ['property-create'] })).toContain('Add Property');
  });

  it('hides Leads Management from an agent without lead-read (every leads call needs it)', () => {
    expect(visibleLinkLabels({ user_type: 'agent', permissions: ['property-create', 'property-read', 'property-edit', 'property-delete'] })).not.toContain('Leads Management');
    expect(visibleLinkLabels({ user_type: 'agent', permissions: ['lead-read'] })).toContain('Leads Management');
  });

  it('drops a group whose every item is hidden', () => {
    const labels = visibleLinkLabels({ user_type: 'agent', permissions: [] });
    expect(labels).not.toContain('Roles & Permissions');
    expect(labels).not.toContain('Add Property');
  });
});

describe('groupsContaining', () => {
  it('finds the nested groups of a link', () => {
    expect(groupsContaining('/management/system/rolesandpermission')).toEqual(['management', 'management.system']);
    expect(groupsContaining('/dashboard')).toEqual([]);
    expect(groupsContaining('/nowhere')).toEqual([]);
  });
});

describe('linkPermission', () => {
  it("reads the permission from the screen's declaration", async () => {
    const { linkPermission, NAVIGATION } = await import('../../src/app/navigation');
    const links = (entries: typeof NAVIGATION): Array<Extract<(typeof NAVIGATION)[number], { kind: 'link' }>> =>
      entries.flatMap((e) => (e.kind === 'link' ? [e] : links(e.children)));
    const byLabel = Object.fromEntries(links(NAVIGATION).map((l) => [l.label, linkPermission(l)]));
    expect(byLabel['Add Property']).toBe('property-create');
    expect(byLabel['All Properties']).toBe('property-read');
    expect(byLabel['Roles & Permissions']).toBe('role-read');
    expect(byLabel['User Management']).toBe('agent-read');
    expect(byLabel['Calendar']).toBe('event-read');
  });
});
