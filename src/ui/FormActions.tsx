/**
 * The row of buttons at the end of a form: right-aligned, primary last, wrapping on phones.
 *
 * @example
 * <FormActions>
 *   <Button variant="secondary" onClick={cancel}>Cancel</Button>
 *   <Button type="submit" busy={saving} busyLabel="Saving...">Save</Button>
 * </FormActions>
 */
import type { ReactElement, ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';

export interface FormActionsProps {
  children: ReactNode;
  /** `start` puts the buttons on the left; `between` spreads them. */
  align?: 'start' | 'end' | 'between';
  className?: string;
}

const styles = lazyStyles(() => ({
  row: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin-top: 24px;
  `,
  start: css`justify-content: flex-start;`,
  end: css`justify-content: flex-end;`,
  between: css`justify-content: space-between;`,
}));

/**
 * A form's action buttons.
 *
 * @example
 * <FormActions align="between">{buttons}</FormActions>
 */
export function FormActions({ children, align = 'end', className }: FormActionsProps): ReactElement {
  const s = styles();
  return <div className={cx(s.row, s[align], className)}>{children}</div>;
}
