/**
 * The company profile page's content (docs/product/screens.md): banner with icon or initial letter,
 * name and tagline over the cover photo; Company Overview; Inventory Categories; Operating
 * Locations; Address & Timings; Connect With Us; Communication Preferences. Links are only ever
 * http(s).
 */
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { parseList, type Company } from '../../contract';
import { imageUrl } from '../../core';
import { parseHexColour } from '../../core/brand';
import { useConfig } from '../../runtime';
import { companyStyles } from './companyStyles';
import { initialOf, picturePath, safeHttpUrl } from './companyModel';

const hex = (value: unknown): string | null => (parseHexColour(value) ? String(value).trim() : null);

function Section({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }): ReactElement {
  const s = companyStyles();
  return (
    <section className={`${s.panel} ${wide ? s.wide : ''}`} aria-label={title}>
      <h3 className={s.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

function Chips({ items, empty = 'Not specified' }: { items: string[]; empty?: string }): ReactElement {
  const s = companyStyles();
  if (!items.length) return <p className={s.muted}>{empty}</p>;
  return (
    <ul className={s.chips}>
      {items.map((item) => (
        <li key={item} className={s.chip}>
          {item}
        </li>
      ))}
    </ul>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }): ReactElement {
  const s = companyStyles();
  return (
    <dl className={s.facts}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value === null || value === undefined || value === '' ? <span className={s.muted}>Not specified</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A social or web link: an anchor for http(s) URLs only, the stored text otherwise. */
export function CompanyLink({ value, withheld }: { value: string | null | undefined; withheld?: boolean }): ReactElement | null {
  const s = companyStyles();
  if (withheld && !value?.trim()) return <span className={s.muted}>Hidden: not a web address</span>;
  if (!value?.trim()) return <span className={s.muted}>Not specified</span>;
  const href = safeHttpUrl(value);
  if (!href) return <span>{value}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {value.trim()}
    </a>
  );
}

export function ProfileBanner({ company }: { company: Company }): ReactElement {
  const s = companyStyles();
  const config = useConfig();
  const cover = picturePath(company, 'cover_photo', 'medium') ? imageUrl(config, picturePath(company, 'cover_photo', 'medium')) : null;
  const primary = hex(company.primary_color_code) ?? 'var(--ed-brand-primary, var(--ed-accent, #f97316))';
  const secondary = hex(company.secondary_color_code) ?? 'var(--ed-brand-secondary, #1f2430)';
  const background: CSSProperties = cover
    ? { backgroundImage: `url("${cover.replace(/"/g, '%22')}")`, backgroundColor: secondary }
    : { backgroundImage: `linear-gradient(135deg, ${primary}, ${secondary})` };
  const name = company.display_name?.trim() || 'Company';
  return (
    <header className={s.banner} style={background}>
      <div className={s.bannerShade}>
        <span className={s.badge} style={hex(company.primary_color_code) ? { background: hex(company.primary_color_code)! } : undefined}>
          {picturePath(company, 'icon', 'small') ? <img src={imageUrl(config, picturePath(company, 'icon', 'small'))} alt={`${name} icon`} /> : <span aria-hidden="true">{initialOf(company.display_name)}</span>}
        </span>
        <div className={s.bannerText}>
          <h2 className={s.name}>{name}</h2>
          {company.tagline && <p className={s.tagline}>{company.tagline}</p>}
        </div>
      </div>
    </header>
  );
}

export function ProfileView({ company }: { company: Company }): ReactElement {
  const s = companyStyles();
  const withheld = new Set(company.withheld_links ?? []);
  const link = (field: 'website' | 'instagram' | 'facebook' | 'linkedin') => <CompanyLink value={company[field]} withheld={withheld.has(field)} />;
  return (
    <>
      <ProfileBanner company={company} />
      <div className={s.columns}>
        <Section title="Company Overview" wide>
          {company.short_description && <p className={s.prose}><strong>{company.short_description}</strong></p>}
          {company.long_description && <p className={s.prose}>{company.long_description}</p>}
          <Facts rows={[['Founded', company.founding_year ?? ''], ['Firm type', company.firm_type], ['Inventory type', company.inventory_type]]} />
        </Section>
        <Section title="Inventory Categories">
          <Chips items={parseList(company.inventory_categories)} />
        </Section>
        <Section title="Operating Locations">
          <Facts rows={[['States', parseList(company.operating_states).join(', ')], ['Cities', parseList(company.operating_cities).join(', ')]]} />
        </Section>
        <Section title="Address & Timings">
          <Facts
            rows={[
              ['Address', company.office_address],
              ['City', [company.city, company.state].filter(Boolean).join(', ')],
              ['Postal code', company.postal_code],
              ['Country', company.country],
              ['Hours', company.hours_of_operation],
            ]}
          />
        </Section>
        <Section title="Connect With Us">
          <Facts
            rows={[
              ['Website', link('website')],
              ['Instagram', link('instagram')],
              ['Facebook', link('facebook')],
              ['LinkedIn', link('linkedin')],
            ]}
          />
        </Section>
        <Section title="Communication Preferences" wide>
          <Chips items={parseList(company.lead_communication)} />
        </Section>
      </div>
    </>
  );
}
