/**
 * "Top Properties In Demand" (docs/product/screens.md): five named properties, each with its star
 * rating and how many queries it drew, busiest first.
 *
 * @example
 * <TopProperties properties={TOP_PROPERTIES} />
 */
import type { ReactElement } from 'react';
import { formatNumber } from '../../core/format';
import { useConfig } from '../../runtime/useConfig';
import { Card } from '../../ui/Card';
import { css, cx, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';
import { TOP_PROPERTIES, TOP_PROPERTIES_TITLE, type TopPropertySample } from './dashboardData';
import { StarRating } from './StarRating';

export interface TopPropertiesProps {
  properties?: readonly TopPropertySample[];
  className?: string;
}

/** "1,284 queries" / "1 query". */
export const queriesText = (count: number, locale?: string): string =>
  `${formatNumber(count, locale)} ${count === 1 ? 'query' : 'queries'}`;

/** The ranked list's look, shared with the live dashboard's top properties (LiveLists.tsx). */
export const rankedListStyles = lazyStyles(() => ({
  card: css`height: 100%;`,
  list: css`display: grid; gap: 4px; margin: 0; padding: 0; list-style: none;`,
  item: css`
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
    gap: 12px;
    padding: 10px 8px;
    border-radius: ${v('radius')};
    &:hover { background: ${tint('text', 3)}; }
  `,
  rank: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 36px;
    height: 36px;
    border-radius: ${v('radius')};
    background: ${tint('accent', 12)};
    color: ${v('accent-text')};
    font-weight: 700;
    font-size: 14px;
  `,
  main: css`display: grid; gap: 2px; min-width: 0;`,
  // Names wrap rather than being cut: a property nobody can read is no use in a demand list.
  name: css`margin: 0; font-size: 14px; font-weight: 600; line-height: 1.35; color: ${v('text')}; overflow-wrap: anywhere;`,
  location: css`margin: 0; font-size: 12px; color: ${v('muted')}; overflow-wrap: anywhere;`,
  side: css`display: grid; justify-items: end; gap: 4px;`,
  queries: css`font-size: 12px; color: ${v('muted')}; white-space: nowrap; font-variant-numeric: tabular-nums;`,
}));

/**
 * The list of properties in demand.
 *
 * @example
 * <TopProperties />
 */
export function TopProperties({ properties = TOP_PROPERTIES, className }: TopPropertiesProps): ReactElement {
  const { locale } = useConfig();
  const s = rankedListStyles();
  return (
    <Card title={TOP_PROPERTIES_TITLE} headingAs="h3" className={cx(s.card, className)}>
      <ol className={s.list} aria-label={TOP_PROPERTIES_TITLE}>
        {properties.map((property, index) => (
          <li key={property.id} className={s.item}>
            <span className={s.rank} aria-hidden="true">
              {index + 1}
            </span>
            <div className={s.main}>
              <p className={s.name}>{property.name}</p>
              <p className={s.location}>{property.location}</p>
            </div>
            <div className={s.side}>
              <StarRating rating={property.rating} />
              <span className={s.queries}>{queriesText(property.queries, locale)}</span>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
