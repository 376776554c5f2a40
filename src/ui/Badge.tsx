/**
 * A small coloured label: lead statuses (SPEC §9: Open sky, Won green, Lost black, others grey,
 * via `statusBadgeColour`), the property card's Sale badge (orange), counts.
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
  sky: css`background: #e0f2fe; color: #0369a1;`,
  green: css`background: #dcfce7; color: #15803d;`,
  black: css`background: #1f2937; color: #ffffff;`,
  grey: css`background: #f3f4f6; color: #4b5563;`,
  orange: css`background: #ffedd5; color: #c2410c;`,
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
