/**
 * Page navigation (the leads and dashboard tables of docs/product/screens.md): "Showing page X of
 * Y", first page, Previous, numbered pages with neighbours and ellipses, Next, last page. Buttons
 * at an edge are disabled; the current page is marked with `aria-current`.
 *
 * @example
 * <Pager page={page} pageCount={Math.ceil(total / LEAD_PAGE_SIZE)} onPageChange={setPage} />
 */
import type { ReactElement, ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { Icon } from './Icon';
import { UI_TEXT } from './labels';
import { pageItems } from './pageItems';
import { tint, v } from './theme';

export interface PagerProps {
  /** The current page, 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Neighbours shown on each side of the current page (default 1). */
  siblings?: number;
  /** Extra text beside the summary, e.g. the filtered count while searching. */
  summary?: ReactNode;
  disabled?: boolean;
  className?: string;
  labels?: Partial<Pick<typeof UI_TEXT, 'previous' | 'next' | 'firstPage' | 'lastPage' | 'pagination' | 'showingPage' | 'page'>>;
}

const styles = lazyStyles(() => ({
  bar: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    padding: 12px 0;
    font-size: 13px;
    color: ${v('muted')};
  `,
  list: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  `,
  button: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 4px;
    min-width: 32px;
    height: 32px;
    margin: 0;
    padding: 0 10px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('surface')};
    color: ${v('text')};
    font: inherit;
    font-size: 13px;
    font-weight: 500;
    cursor: pointer;
    &:hover:not(:disabled) { background: ${v('bg')}; }
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 2px; }
    &:disabled { opacity: 0.45; cursor: not-allowed; }
    &[aria-current='page'] {
      border-color: ${v('accent')};
      background: ${tint('accent', 10)};
      color: ${v('accent-text')};
    }
  `,
  square: css`padding: 0; width: 32px;`,
  gap: css`display: inline-flex; align-items: center; justify-content: center; min-width: 24px; color: ${v('muted')};`,
  wideOnly: css`@media (max-width: 480px) { display: none; }`,
}));

/**
 * A pager.
 *
 * @example
 * <Pager page={2} pageCount={12} onPageChange={go} summary={`${filtered.length} matching leads`} />
 */
export function Pager({ page, pageCount, onPageChange, siblings = 1, summary, disabled = false, className, labels }: PagerProps): ReactElement {
  const t = { ...UI_TEXT, ...labels };
  const count = Math.max(1, Math.floor(pageCount) || 1);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), count);
  const atStart = disabled || current <= 1;
  const atEnd = disabled || current >= count;
  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= count) onPageChange(target);
  };
  const s = styles();
  return (
    <nav className={cx(s.bar, className)} aria-label={t.pagination}>
      <span aria-live="polite">
        {t.showingPage(current, count)}
        {summary ? <> · {summary}</> : null}
      </span>
      <ul className={s.list}>
        <li>
          <button type="button" className={cx(s.button, s.square)} aria-label={t.firstPage} title={t.firstPage} disabled={atStart} onClick={() => go(1)}>
            <Icon name="chevronsLeft" />
          </button>
        </li>
        <li>
          <button type="button" className={s.button} disabled={atStart} onClick={() => go(current - 1)}>
            <Icon name="chevronLeft" />
            {t.previous}
          </button>
        </li>
        {pageItems(current, count, siblings).map((item) =>
          typeof item === 'number' ? (
            <li key={item} className={item === current ? undefined : s.wideOnly}>
              <button
                type="button"
                className={s.button}
                aria-label={t.page(item)}
                aria-current={item === current ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className={cx(s.gap, s.wideOnly)} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button type="button" className={s.button} disabled={atEnd} onClick={() => go(current + 1)}>
            {t.next}
            <Icon name="chevronRight" />
          </button>
        </li>
        <li>
          <button type="button" className={cx(s.button, s.square)} aria-label={t.lastPage} title={t.lastPage} disabled={atEnd} onClick={() => go(count)}>
            <Icon name="chevronsRight" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
