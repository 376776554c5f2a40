/**
 * The sidebar of docs/product/screens.md as data, and the pure rule deciding what a user sees
 * (docs/product/roles.md): the Company group only for the super admin; agents lose items whose
 * permission they lack; a group left with no item disappears.
 */
import { PERMISSIONS, USER_TYPES, type Permission } from '../contract';
import { findScreen } from '../runtime/widget';
import { WIDGET_CATALOG } from '../widgets/catalog';

export type NavIcon =
  | 'dashboard'
  | 'management'
  | 'user'
  | 'system'
  | 'company'
  | 'properties'
  | 'leads'
  | 'calendar'
  | 'logout';

export interface NavLink {
  kind: 'link';
  label: string;
  to: string;
  icon?: NavIcon;
  /**
   * What an agent needs to see the link while no widget declares its screen yet
   * (docs/product/roles.md); once one does, the widget's declaration decides (`linkPermission`).
   */
  permission?: Permission;
}
export interface NavGroup {
  kind: 'group';
  id: string;
  label: string;
  icon?: NavIcon;
  superAdminOnly?: boolean;
  children: NavEntry[];
}
export type NavEntry = NavLink | NavGroup;

const link = (label: string, to: string, extra: Partial<NavLink> = {}): NavLink => ({ kind: 'link', label, to, ...extra });
const group = (id: string, label: string, children: NavEntry[], extra: Partial<NavGroup> = {}): NavGroup => ({
  kind: 'group',
  id,
  label,
  children,
  ...extra,
});

/** Sidebar entries in the order of docs/product/screens.md. Logout is rendered by the shell after these. */
export const NAVIGATION: readonly NavEntry[] = [
  link('Dashboard', '/dashboard', { icon: 'dashboard' }),
  group(
    'management',
    'Management',
    [
      group('management.user', 'User', [
        link('User Management', '/management/user/usermanagement', { permission: PERMISSIONS.agentRead }),
        link('Company Profile', '/management/user/companyprofile'),
      ], { icon: 'user' }),
      group('management.system', 'System', [
        link('Roles & Permissions', '/management/system/rolesandpermission', { permission: PERMISSIONS.roleRead }),
      ], { icon: 'system' }),
      group('management.company', 'Company', [
        link('Add Company', '/management/company/addcompany'),
        link('All Companies', '/management/company/companylist'),
      ], { icon: 'company', superAdminOnly: true }),
    ],
    { icon: 'management' },
  ),
  group('properties', 'Properties', [
    link('Add Property', '/properties/add'),
    link('All Properties', '/properties/list'),
    link('Favourites', '/properties/favourites'),
  ], { icon: 'properties' }),
  link('Leads Management', '/leads-management', { icon: 'leads' }),
  link('Calendar', '/calendar', { icon: 'calendar' }),
];

/** The permission a link needs: its widget's declared screen (or the widget's own), else the link's. */
export function linkPermission(entry: NavLink, widgets = WIDGET_CATALOG): Permission | undefined {
  const found = findScreen(widgets, entry.to);
  return found ? (found.screen.permission ?? found.widget.permission) : entry.permission;
}

/** The minimum a navigation decision needs to know about the signed-in user. */
export interface NavUser {
  user_type?: string | null;
  permissions?: readonly string[] | null;
}

const SUPER_ADMIN = USER_TYPES[0];
const AGENT = USER_TYPES[2];

/** The entries a user may see, groups pruned of hidden items. */
export function visibleNavigation(user: NavUser | null, entries: readonly NavEntry[] = NAVIGATION): NavEntry[] {
  const type = user?.user_type ?? null;
  const granted = new Set(user?.permissions ?? []);
  const allowed = (p?: Permission) => !p || type !== AGENT || granted.has(p);
  const out: NavEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (allowed(linkPermission(entry))) out.push(entry);
      continue;
    }
    if (entry.superAdminOnly && type !== SUPER_ADMIN) continue;
    const children = visibleNavigation(user, entry.children);
    if (children.length) out.push({ ...entry, children });
  }
  return out;
}

/** Labels of the visible links, depth first — what a person reads down the sidebar. */
export function visibleLinkLabels(user: NavUser | null): string[] {
  const labels: string[] = [];
  const walk = (entries: readonly NavEntry[]) => {
    for (const e of entries) {
      if (e.kind === 'link') labels.push(e.label);
      else walk(e.children);
    }
  };
  walk(visibleNavigation(user));
  return labels;
}

/** Ids of the groups that contain the given path, so the sidebar opens them on arrival. */
export function groupsContaining(path: string, entries: readonly NavEntry[] = NAVIGATION, trail: string[] = []): string[] {
  for (const e of entries) {
    if (e.kind === 'link' && e.to === path) return trail;
    if (e.kind === 'group') {
      const found = groupsContaining(path, e.children, [...trail, e.id]);
      if (found.length) return found;
    }
  }
  return [];
}
