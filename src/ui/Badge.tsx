/**
 * A small coloured label: lead statuses (docs/product/rules.md: Open sky, Won green, Lost black,
 * others grey, via `statusBadgeColour`), the property card's Sale badge (orange), counts.
 *
 * @example
 * <Badge colour={statusBadgeColour(lead.workflow)}>{lead.workflow}</Badge>
 */
import type { ReactElement, ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';

export type BadgeColour = 'sky' | 'green' | 'black' | 'grey' | 'orange';

export interface BadgeProps {
  colour?: BadgeColour;
  children: ReactNode;
  className?: string;
}

/** Background and text colour of each badge colour; also used by controls drawn as badges. */
export const BADGE_PALETTE: Readonly<Record<BadgeColour, { bg: string; fg: string }>> = {
  sky: { bg: '#e0f2fe', fg: '#0369a1' },
  green: { bg: '#dcfce7', fg: '#15803d' },
  black: { bg: '#1f2937', fg: '#ffffff' },
  grey: { bg: '#f3f4f6', fg: '#4b5563' },
  orange: { bg: '#ffedd5', fg: '#c2410c' },
};

const paint = (colour: BadgeColour) => css`background: ${BADGE_PALETTE[colour].bg}; color: ${BADGE_PALETTE[colour].fg};`;

const styles = lazyStyles(() => ({
  badge: css`
    display: inline-flex;
    align-items: center;
    gap: 4px;
    height: 22px;
    padding: 0 8px;
    border-radius: 999px;
    font-size: 12px;
    font-weight: 600;
    line-height: 1;
    white-space: nowrap;
  `,
  sky: paint('sky'),
  green: paint('green'),
  black: paint('black'),
  grey: paint('grey'),
  orange: paint('orange'),
}));

/**
 * A badge.
 *
 * @example
 * <Badge colour="orange">Sale</Badge>
 */
export function Badge({ colour = 'grey', children, className }: BadgeProps): ReactElement {
  const s = styles();
  return (
    <span className={cx(s.badge, s[colour], className)} data-colour={colour}>
      {children}
    </span>
  );
}
