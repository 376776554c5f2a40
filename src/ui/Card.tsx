/**
 * A white card with a subtle border and shadow: the building block of every screen. The title
 * becomes the card's heading and its accessible name; actions sit on the right of the header.
 *
 * @example
 * <Card title="Total Leads" actions={<Button size="sm" variant="secondary">Export</Button>}>
 *   <DataTable ... />
 * </Card>
 */
import { useId, type ElementType, type ReactElement, type ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { v } from './theme';

export interface CardProps {
  title?: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Buttons or menus on the right of the header. */
  actions?: ReactNode;
  children?: ReactNode;
  /** `none` lets a table or image touch the card's edges. */
  padding?: 'none' | 'sm' | 'md';
  /** Heading element of the title (default h2). */
  headingAs?: 'h2' | 'h3' | 'h4';
  className?: string;
}

const styles = lazyStyles(() => ({
  card: css`
    display: flex;
    flex-direction: column;
    min-width: 0;
    border: 1px solid ${v('border')};
    border-radius: calc(${v('radius')} + 4px);
    background: ${v('surface')};
    color: ${v('text')};
    box-shadow: ${v('shadow')};
  `,
  header: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 12px;
    padding: 16px 20px 0;
  `,
  title: css`margin: 0; font-size: 16px; font-weight: 600; line-height: 1.4; color: ${v('text')};`,
  subtitle: css`margin: 2px 0 0; font-size: 13px; color: ${v('muted')};`,
  actions: css`display: flex; align-items: center; gap: 8px;`,
  none: css`padding: 0;`,
  sm: css`padding: 12px;`,
  md: css`padding: 16px 20px 20px;`,
  noneAfterHeader: css`margin-top: 12px;`,
}));

/**
 * A card.
 *
 * @example
 * <Card title="Company Overview" padding="md">{overview}</Card>
 */
export function Card({ title, subtitle, actions, children, padding = 'md', headingAs = 'h2', className }: CardProps): ReactElement {
  const headingId = `ed-card${useId().replace(/[^\w-]/g, '')}`;
  const Heading = headingAs as ElementType;
  const s = styles();
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <section className={cx(s.card, className)} aria-labelledby={title !== undefined ? headingId : undefined}>
      {hasHeader && (
        <div className={s.header}>
          <div>
            {title !== undefined && (
              <Heading id={headingId} className={s.title}>
                {title}
              </Heading>
            )}
            {subtitle && <p className={s.subtitle}>{subtitle}</p>}
          </div>
          {actions && <div className={s.actions}>{actions}</div>}
        </div>
      )}
      <div className={cx(s[padding], hasHeader && padding === 'none' && s.noneAfterHeader)}>{children}</div>
    </section>
  );
}
