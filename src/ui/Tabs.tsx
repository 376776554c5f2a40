/**
 * Tabs (docs/product/screens.md: a tab per workflow status on the leads page; General and Security
 * on settings). WAI-ARIA tab pattern: one Tab stop for the whole list (roving tabindex),
 * Left/Right/Home/End move between tabs, `aria-selected` marks the chosen one. With
 * `activation="auto"` (default) moving selects; `"manual"` only moves focus until Enter or Space.
 *
 * @example
 * <Tabs label="Lead status" items={workflows.map((w) => ({ id: String(w.id), label: w.name, count: w.count }))}
 *   value={tab} onChange={setTab}>
 *   <LeadsTable />
 * </Tabs>
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { rovingIndex } from './rovingIndex';
import { tint, v } from './theme';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** A number shown in a pill after the label (e.g. leads in that status). */
  count?: number;
  disabled?: boolean;
}

export interface TabsProps {
  items: ReadonlyArray<TabItem>;
  /** The selected tab's id. */
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  activation?: 'auto' | 'manual';
  /** The panel of the selected tab; omitted when the tabs only filter content below them. */
  children?: ReactNode;
  className?: string;
}

const styles = lazyStyles(() => ({
  list: css`
    display: flex;
    gap: 4px;
    overflow-x: auto;
    border-bottom: 1px solid ${v('border')};
    scrollbar-width: thin;
  `,
  tab: css`
    position: relative;
    display: inline-flex;
    flex: none;
    align-items: center;
    gap: 8px;
    margin: 0;
    padding: 10px 14px;
    border: 0;
    border-bottom: 2px solid transparent;
    margin-bottom: -1px;
    background: none;
    color: ${v('muted')};
    font: inherit;
    font-size: 14px;
    font-weight: 500;
    white-space: nowrap;
    cursor: pointer;
    &:hover:not(:disabled) { color: ${v('text')}; }
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: -2px; border-radius: 6px 6px 0 0; }
    /* The stronger shade: a widget on a host page sits on the host's background, often greyer than ours. */
    &[aria-selected='true'] { color: ${v('accent-text')}; border-bottom-color: ${v('accent')}; }
    &:disabled { opacity: 0.5; cursor: not-allowed; }
  `,
  count: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 22px;
    height: 20px;
    padding: 0 6px;
    border-radius: 999px;
    background: ${tint('text', 8)};
    color: ${v('text')};
    font-size: 12px;
    font-weight: 600;
  `,
  countActive: css`background: ${tint('accent', 14)}; color: ${v('accent-text')};`,
  panel: css`padding-top: 16px; &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 2px; }`,
}));

/**
 * A tab list with an optional panel.
 *
 * @example
 * <Tabs label="Settings" items={[{ id: 'general', label: 'General' }, { id: 'security', label: 'Security' }]} value={tab} onChange={setTab}>
 *   {tab === 'general' ? <GeneralForm /> : <SecurityForm />}
 * </Tabs>
 */
export function Tabs({ items, value, onChange, label, activation = 'auto', children, className }: TabsProps): ReactElement {
  const baseId = `ed-tabs${useId().replace(/[^\w-]/g, '')}`;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedIndex = Math.max(0, items.findIndex((item) => item.id === value));
  // The tab holding the Tab stop: the selected one, or the focused one in manual mode.
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const stop = focusIndex ?? selectedIndex;

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = rovingIndex(index, event.key, items.map((item) => !!item.disabled));
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    refs.current[next]?.focus();
    if (activation === 'auto') {
      setFocusIndex(null);
      if (item.id !== value) onChange(item.id);
    } else {
      setFocusIndex(next);
    }
  };

  const s = styles();
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = `${baseId}-panel`;
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={s.list}>
        {items.map((item, i) => {
          const selected = i === selectedIndex;
          return (
            <button
              key={item.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={tabId(i)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={children !== undefined && selected ? panelId : undefined}
              tabIndex={i === stop ? 0 : -1}
              disabled={item.disabled}
              className={s.tab}
              onClick={() => {
                setFocusIndex(null);
                if (item.id !== value) onChange(item.id);
              }}
              onKeyDown={(event) => handleKeyDown(event, i)}
              onBlur={() => setFocusIndex(null)}
            >
              {item.label}
              {item.count !== undefined && <span className={cx(s.count, selected && s.countActive)}>{item.count}</span>}
            </button>
          );
        })}
      </div>
      {children !== undefined && (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(selectedIndex)} tabIndex={0} className={s.panel}>
          {children}
        </div>
      )}
    </div>
  );
}
