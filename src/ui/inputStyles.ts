/**
 * The look shared by every text-like control (input, textarea, select): white, 36px high,
 * subtle border, orange focus ring, red border when invalid.
 *
 * @example
 * <input className={inputStyles().control} />
 */
import { css, lazyStyles } from './css';
import { tint, v } from './theme';

/**
 * The select's down-arrow as a CSS image, drawn in `stroke`.
 *
 * @example
 * css`background-image: ${chevronImage('#ffffff')};`
 */
export const chevronImage = (stroke: string): string =>
  `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 24 24' fill='none' stroke='${encodeURIComponent(stroke)}' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E")`;

export const inputStyles = lazyStyles(() => ({
  control: css`
    display: block;
    width: 100%;
    min-width: 0;
    height: 36px;
    box-sizing: border-box;
    margin: 0;
    padding: 0 12px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('surface')};
    color: ${v('text')};
    font: inherit;
    font-size: 14px;
    line-height: 1.4;
    box-shadow: 0 1px 2px rgba(16, 24, 40, 0.04);
    transition: border-color 0.15s, box-shadow 0.15s;
    &::placeholder { color: ${v('muted')}; opacity: 0.8; }
    &:hover:not(:disabled) { border-color: color-mix(in srgb, ${v('border')} 70%, #000); }
    &:focus { outline: none; border-color: ${v('accent')}; box-shadow: 0 0 0 3px ${tint('accent', 22)}; }
    &:disabled { background: ${v('bg')}; color: ${v('muted')}; cursor: not-allowed; }
    &[aria-invalid='true'] { border-color: ${v('danger')}; }
    &[aria-invalid='true']:focus { box-shadow: 0 0 0 3px ${tint('danger', 20)}; }
  `,
  textarea: css`
    height: auto;
    min-height: 88px;
    padding: 8px 12px;
    resize: vertical;
  `,
  select: css`
    appearance: none;
    padding-right: 36px;
    background-image: ${chevronImage('#6b7280')};
    background-repeat: no-repeat;
    background-position: right 12px center;
    cursor: pointer;
  `,
}));
