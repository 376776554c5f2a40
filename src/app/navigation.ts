/**
 * The sidebar of docs/product/screens.md, derived from the screens' declarations (`screens.ts`):
 * every screen with a `nav` place becomes a link in its group, groups and links in `order`. And the
 * pure rule deciding what a user sees (docs/product/roles.md): agents lose links whose screen needs a
 * permission they lack; admin screens show to admins and the super admin, the super admin's area
 * only to the super admin; a group left with no link disappears.
 */
import { USER_TYPES, type Permission } from '../contract';
import { isAdminAccess, opensAdminScreens, screenPermission, type NavGroupId, type NavIconName, type ScreenAccess } from '../runtime/screens';
import type { WidgetDescriptor } from '../runtime/widget';
import { appScreens } from './screens';

export type NavIcon = NavIconName | 'logout';

export interface NavLink {
  kind: 'link';
  label: string;
  to: string;
  icon?: NavIconName;
  /** Who may open the screen it leads to (its declaration's `access`). */
  access?: ScreenAccess;
  order: number;
}
export interface NavGroup {
  kind: 'group';
  id: NavGroupId;
  label: string;
  icon?: NavIconName;
  order: number;
  children: NavEntry[];
}
export type NavEntry = NavLink | NavGroup;

/** The sidebar's groups: label, icon, the group they sit in, their place there. */
export const NAV_GROUPS: Readonly<Record<NavGroupId, { label: string; icon: NavIconName; parent?: NavGroupId; order: number }>> = {
  management: { label: 'Management', icon: 'management', order: 20 },
  'management.user': { label: 'User', icon: 'user', parent: 'management', order: 1 },
  'management.system': { label: 'System', icon: 'system', parent: 'management', order: 2 },
  'management.company': { label: 'Company', icon: 'company', parent: 'management', order: 3 },
  properties: { label: 'Properties', icon: 'properties', order: 30 },
};

/** The sidebar's entries, from the screens of `widgets` (the catalog) and the app's own. Logout is rendered by the shell after these. */
export function buildNavigation(widgets?: readonly WidgetDescriptor<any>[]): NavEntry[] {
  const groups = new Map<NavGroupId, NavGroup>();
  const top: NavEntry[] = [];
  const groupOf = (id: NavGroupId): NavGroup => {
    let group = groups.get(id);
    if (!group) {
      const { label, icon, parent, order } = NAV_GROUPS[id];
      group = { kind: 'group', id, label, icon, order, children: [] };
      groups.set(id, group);
      (parent ? groupOf(parent).children : top).push(group);
    }
    return group;
  };
  for (const { screen } of appScreens(widgets)) {
    if (!screen.nav) continue;
    const { group, label, icon, order } = screen.nav;
    const link: NavLink = { kind: 'link', label: label ?? screen.title, to: screen.href(), order, ...(icon ? { icon } : {}), ...(screen.access ? { access: screen.access } : {}) };
    (group ? groupOf(group).children : top).push(link);
  }
  const sort = (entries: NavEntry[]): NavEntry[] => {
    entries.sort((a, b) => a.order - b.order);
    for (const e of entries) if (e.kind === 'group') sort(e.children);
    return entries;
  };
  return sort(top);
}

/** The sidebar of the suite's catalog. */
export const NAVIGATION: readonly NavEntry[] = buildNavigation();

/** The permission a link needs: the one its screen's access names. */
export const linkPermission = (entry: NavLink): Permission | undefined => screenPermission(entry.access);

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
  const allowed = (link: NavLink) => {
    if (link.access === 'super-admin') return type === SUPER_ADMIN;
    if (isAdminAccess(link.access)) return opensAdminScreens(type, link.access);
    const p = linkPermission(link);
    return !p || type !== AGENT || granted.has(p);
  };
  const out: NavEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (allowed(entry)) out.push(entry);
      continue;
    }
    const children = visibleNavigation(user, entry.children);
    if (children.length) out.push({ ...entry, children });
  }
  return out;
}

/** Labels of the visible links, depth first — what a person reads down the sidebar. */
export function visibleLinkLabels(user: NavUser | null, entries: readonly NavEntry[] = NAVIGATION): string[] {
  const labels: string[] = [];
  const walk = (list: readonly NavEntry[]) => {
    for (const e of list) {
      if (e.kind === 'link') labels.push(e.label);
      else walk(e.children);
    }
  };
  walk(visibleNavigation(user, entries));
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
