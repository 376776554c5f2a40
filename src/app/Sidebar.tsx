/**
 * The sidebar of docs/product/screens.md: groups and links from `navigation.ts`, filtered by what
 * the user may see; wide or narrow; sub-menu open state kept only while the sidebar is wide
 * (collapsing forgets it). On small screens it is a drawer the top bar opens.
 */
import { useEffect, useMemo, useState } from 'react';
import { imageUrl } from '../core/config';
import { sessionBrand } from '../core/brand';
import { useConfig, useSession } from '../runtime';
import { Link, useLocation } from '../runtime/router';
import { css, cx, lazyStyles, tint, v } from '../ui';
import { NavIcon } from './NavIcon';
import { groupsContaining, visibleNavigation, type NavEntry, type NavUser } from './navigation';

const styles = lazyStyles(() => ({
  aside: css`
    display: flex; flex-direction: column; height: 100%; background: #1f2430; color: #d1d5db;
    width: 256px; transition: width 0.18s ease; overflow: hidden;
  `,
  narrow: css`width: 72px;`,
  brand: css`
    display: flex; align-items: center; gap: 10px; height: 60px; padding: 0 20px; color: #fff;
    font-weight: 700; font-size: 17px; letter-spacing: 0.2px; flex-shrink: 0; white-space: nowrap;
    border-bottom: 1px solid rgba(255, 255, 255, 0.06);
  `,
  logo: css`
    display: grid; place-items: center; width: 32px; height: 32px; border-radius: 8px; flex-shrink: 0;
    background: ${v('accent')}; color: #fff;
  `,
  // A company's logo sits on white so any logo reads on the dark sidebar.
  logoImage: css`
    background: #fff; overflow: hidden; padding: 2px;
    & img { width: 100%; height: 100%; object-fit: contain; }
  `,
  brandName: css`overflow: hidden; text-overflow: ellipsis;`,
  nav: css`flex: 1; overflow-y: auto; overflow-x: hidden; padding: 12px 10px;`,
  list: css`display: flex; flex-direction: column; gap: 2px;`,
  nested: css`margin: 2px 0 4px 14px; padding-left: 12px; border-left: 1px solid rgba(255, 255, 255, 0.08);`,
  item: css`
    display: flex; align-items: center; gap: 12px; width: 100%; min-height: 40px; padding: 8px 12px;
    border-radius: 8px; color: #d1d5db; background: transparent; border: 0; font-size: 14px;
    text-decoration: none; text-align: left; white-space: nowrap; cursor: pointer;
    &:hover { background: rgba(255, 255, 255, 0.06); color: #fff; text-decoration: none; }
  `,
  active: css`
    background: ${tint('accent', 18)}; color: #fff; font-weight: 600;
    &:hover { background: ${tint('accent', 24)}; }
    & svg { color: ${v('accent')}; }
  `,
  label: css`flex: 1; overflow: hidden; text-overflow: ellipsis;`,
  chevron: css`transition: transform 0.15s ease; opacity: 0.7;`,
  open: css`transform: rotate(90deg);`,
  footer: css`padding: 10px; border-top: 1px solid rgba(255, 255, 255, 0.06);`,
  narrowItem: css`justify-content: center; padding: 8px 0;`,
}));

/** The company's logo and name when the signed-in person's company has a brand, else EstateDesk's. */
function BrandMark({ narrow }: { narrow: boolean }) {
  const s = styles();
  const config = useConfig();
  const token = useSession((st) => st.token);
  const companyId = useSession((st) => st.companyId);
  const companyData = useSession((st) => st.companyData);
  const brand = useMemo(() => sessionBrand({ token, companyId, companyData }), [token, companyId, companyData]);
  const [broken, setBroken] = useState<string | null>(null);
  const logo = brand?.logo && brand.logo !== broken ? imageUrl(config, brand.logo) : null;
  const name = brand?.name ?? 'EstateDesk';
  return (
    <>
      <span className={cx(s.logo, logo && s.logoImage)} aria-hidden={logo ? undefined : 'true'}>
        {logo ? <img src={logo} alt={`${name} logo`} onError={() => setBroken(brand!.logo)} /> : <NavIcon name="properties" size={18} />}
      </span>
      {!narrow && <span className={s.brandName}>{name}</span>}
    </>
  );
}

function Chevron({ open }: { open: boolean }) {
  const s = styles();
  return (
    <svg className={cx(s.chevron, open && s.open)} width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="m9 18 6-6-6-6" />
    </svg>
  );
}

export interface SidebarProps {
  user: NavUser | null;
  narrow: boolean;
  onLogout(): void;
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?(): void;
}

export function Sidebar({ user, narrow, onLogout, onNavigate }: SidebarProps) {
  const s = styles();
  const [path] = useLocation();
  const [open, setOpen] = useState<Set<string>>(() => new Set(groupsContaining(path)));

  // Collapsing forgets which sub-menus were open (docs/product/screens.md); arriving somewhere opens its groups.
  useEffect(() => {
    if (narrow) setOpen(new Set());
  }, [narrow]);
  useEffect(() => {
    if (!narrow) setOpen((prev) => new Set([...prev, ...groupsContaining(path)]));
  }, [path, narrow]);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const render = (entries: NavEntry[], depth: number) => (
    <ul className={cx(s.list, depth > 0 && !narrow && s.nested)}>
      {entries.map((entry) => {
        if (entry.kind === 'link') {
          const active = path === entry.to;
          return (
            <li key={entry.to}>
              <Link
                to={entry.to}
                className={cx(s.item, active && s.active, narrow && s.narrowItem)}
                aria-current={active ? 'page' : undefined}
                title={narrow ? entry.label : undefined}
                onClick={onNavigate}
              >
                {entry.icon && <NavIcon name={entry.icon} />}
                {!narrow && <span className={s.label}>{entry.label}</span>}
                {narrow && !entry.icon && <span className={s.label}>{entry.label.slice(0, 1)}</span>}
              </Link>
            </li>
          );
        }
        const isOpen = open.has(entry.id);
        const containsActive = groupsContaining(path).includes(entry.id);
        return (
          <li key={entry.id}>
            <button
              type="button"
              className={cx(s.item, narrow && s.narrowItem, narrow && containsActive && s.active)}
              aria-expanded={isOpen}
              title={narrow ? entry.label : undefined}
              onClick={() => toggle(entry.id)}
            >
              {entry.icon && <NavIcon name={entry.icon} />}
              {!narrow && <span className={s.label}>{entry.label}</span>}
              {!narrow && <Chevron open={isOpen} />}
            </button>
            {isOpen && render(entry.children, depth + 1)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <aside className={cx(s.aside, narrow && s.narrow)} aria-label="Main navigation">
      <div className={s.brand}>
        <BrandMark narrow={narrow} />
      </div>
      <nav className={s.nav}>{render(visibleNavigation(user), 0)}</nav>
      <div className={s.footer}>
        <button type="button" className={cx(s.item, narrow && s.narrowItem)} onClick={onLogout} title={narrow ? 'Logout' : undefined}>
          <NavIcon name="logout" />
          {!narrow && <span className={s.label}>Logout</span>}
        </button>
      </div>
    </aside>
  );
}
