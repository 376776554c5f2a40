/** Styles of a lead's next appointment on the board and in Edit Lead. Built on first render. */
import { css, lazyStyles } from '../../ui/css';
import { v } from '../../ui/theme';

export const appointmentStyles = lazyStyles(() => ({
  /** The quiet line below the table when the next appointments could not be loaded. */
  notice: css`
    margin: 8px 0 0;
    font-size: 13px;
    color: ${v('muted')};
  `,
  /** Edit Lead's bar: the next appointment and "Schedule visit". */
  bar: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 16px;
    margin-bottom: 16px;
    padding: 10px 12px;
    min-height: 52px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    font-size: 14px;
  `,
  label: css`
    display: block;
    font-size: 12px;
    color: ${v('muted')};
  `,
}));
