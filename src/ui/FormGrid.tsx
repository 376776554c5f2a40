/**
 * Lays fields out in equal columns (default 2) that fold into one column on narrow screens.
 *
 * @example
 * <FormGrid columns={2}>
 *   <TextField label="First name" />
 *   <TextField label="Last name" />
 *   <FormGrid.Full><TextArea label="Address" /></FormGrid.Full>
 * </FormGrid>
 */
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';

export interface FormGridProps {
  children: ReactNode;
  /** Number of columns on wide screens (1–4). */
  columns?: 1 | 2 | 3 | 4;
  className?: string;
}

const styles = lazyStyles(() => ({
  grid: css`
    display: grid;
    grid-template-columns: repeat(var(--ed-form-columns, 2), minmax(0, 1fr));
    gap: 16px;
    @media (max-width: 640px) {
      grid-template-columns: minmax(0, 1fr);
    }
  `,
  full: css`grid-column: 1 / -1;`,
}));

/**
 * A responsive grid of form fields.
 *
 * @example
 * <FormGrid columns={3}>{fields}</FormGrid>
 */
export function FormGrid({ children, columns = 2, className }: FormGridProps): ReactElement {
  return (
    <div className={cx(styles().grid, className)} style={{ '--ed-form-columns': columns } as CSSProperties}>
      {children}
    </div>
  );
}

/** A grid cell spanning every column (an address line, a description). */
FormGrid.Full = function FormGridFull({ children, className }: { children: ReactNode; className?: string }): ReactElement {
  return <div className={cx(styles().full, className)}>{children}</div>;
};
