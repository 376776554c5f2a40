/**
 * A button that opens a list of actions (the top bar of docs/product/screens.md: notifications
 * bell, settings menu, avatar menu with the user's name and e-mail). WAI-ARIA menu button:
 * Enter/Space/ArrowDown open it on the first item, ArrowUp on the last; arrows, Home and End move;
 * Escape closes and returns focus to the button; Tab or a click outside closes it.
 *
 * @example
 * <Menu label={<Avatar name={user.name} decorative />} aria-label="Account menu" align="end"
 *   header={<><strong>{user.name}</strong><br />{user.email}</>}
 *   items={[{ id: 'profile', label: 'Profile', href: '#/profile' }, { id: 'logout', label: 'Logout', onSelect: logout }]} />
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { buttonStyles, type ButtonVariant } from './Button';
import { css, cx, lazyStyles } from './css';
import { rovingIndex } from './rovingIndex';
import { visuallyHidden } from './visuallyHidden';
import { tint, v } from './theme';

export interface MenuItem {
  id: string;
  label: ReactNode;
  /** Called when the item is chosen; the menu closes first. */
  onSelect?: () => void;
  /** Renders the item as a link. */
  href?: string;
  icon?: ReactNode;
  /** A second, muted line (notification time, e-mail). */
  description?: ReactNode;
  disabled?: boolean;
  danger?: boolean;
  /**
   * A group's name: consecutive items with the same one form a labelled group (`role="group"`),
   * its name shown above them (the bell's "Today" and "Overdue"). Arrows still move through every item.
   */
  group?: string;
}

export interface MenuProps {
  /** Content of the trigger button (text, an icon, an avatar). */
  label: ReactNode;
  /**
   * The list's accessible name, and the start of the trigger's: it goes into the trigger as hidden
   * text before the visible content (an `aria-label` attribute would hide a visible name or count
   * from speech users, who say what they see: WCAG 2.5.3 Label in Name).
   */
  'aria-label'?: string;
  /** The trigger's hidden text when it differs from `aria-label` ("Account menu for" + the visible name). */
  triggerLabel?: string;
  items: ReadonlyArray<MenuItem>;
  /** Non-interactive content above the items (the user's name and e-mail). */
  header?: ReactNode;
  /** Which edge of the trigger the list lines up with (default `start`). */
  align?: 'start' | 'end';
  variant?: ButtonVariant;
  /** Width of the list in pixels (default 220). */
  width?: number;
  /** A small dot or count on the trigger (unread notifications). */
  badge?: ReactNode;
  /**
   * False when `triggerLabel` already says the badge in words ("Notifications, 3 appointments
   * due"): the badge is then hidden from speech, so the name does not say the number twice.
   */
  badgeInName?: boolean;
  /** Called each time the list opens (the bell reloads what is due). */
  onOpen?: () => void;
  className?: string;
  triggerClassName?: string;
}

const styles = lazyStyles(() => ({
  root: css`position: relative; display: inline-flex;`,
  trigger: css`position: relative; padding: 0 10px;`,
  badge: css`
    position: absolute;
    top: 2px;
    right: 2px;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 16px;
    height: 16px;
    padding: 0 4px;
    border-radius: 999px;
    background: ${v('accent')};
    color: ${v('accent-contrast')};
    font-size: 10px;
    font-weight: 700;
    line-height: 1;
  `,
  popover: css`
    position: absolute;
    top: calc(100% + 6px);
    z-index: ${v('z-overlay')};
    max-width: calc(100vw - 16px);
    max-height: min(420px, calc(100vh - 80px));
    overflow-y: auto;
    padding: 4px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('surface')};
    box-shadow: 0 12px 16px -4px rgba(16, 24, 40, 0.1), 0 4px 6px -2px rgba(16, 24, 40, 0.05);
  `,
  start: css`left: 0;`,
  end: css`right: 0;`,
  header: css`
    padding: 8px 10px 10px;
    margin-bottom: 4px;
    border-bottom: 1px solid ${v('border')};
    font-size: 13px;
    color: ${v('muted')};
    overflow-wrap: anywhere;
  `,
  list: css`margin: 0; padding: 0; list-style: none;`,
  groupName: css`
    display: block;
    padding: 8px 10px 2px;
    font-size: 12px;
    font-weight: 600;
    letter-spacing: 0.02em;
    text-transform: uppercase;
    color: ${v('muted')};
  `,
  item: css`
    display: flex;
    align-items: flex-start;
    gap: 10px;
    width: 100%;
    margin: 0;
    padding: 8px 10px;
    border: 0;
    border-radius: 6px;
    background: none;
    color: ${v('text')};
    font: inherit;
    font-size: 14px;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
    &:hover, &:focus { background: ${tint('accent', 10)}; outline: none; text-decoration: none; }
    &:focus-visible { box-shadow: inset 0 0 0 2px ${v('accent')}; }
    &[aria-disabled='true'] { opacity: 0.5; cursor: not-allowed; }
  `,
  danger: css`color: ${v('danger')};`,
  itemIcon: css`display: inline-flex; flex: none; margin-top: 2px; color: ${v('muted')};`,
  description: css`display: block; margin-top: 2px; font-size: 12px; color: ${v('muted')};`,
}));

/** Consecutive items of one group together, each with its index in the whole list. */
function groupsOf(items: ReadonlyArray<MenuItem>): Array<{ group: string | undefined; entries: Array<{ item: MenuItem; i: number }> }> {
  const groups: Array<{ group: string | undefined; entries: Array<{ item: MenuItem; i: number }> }> = [];
  items.forEach((item, i) => {
    const last = groups[groups.length - 1];
    if (last && last.group === item.group) last.entries.push({ item, i });
    else groups.push({ group: item.group, entries: [{ item, i }] });
  });
  return groups;
}

/**
 * A menu button with a popover list.
 *
 * @example
 * <Menu label={<Icon name="settings" />} aria-label="Settings" items={[{ id: 'account', label: 'Account Settings', href: '#/settings' }]} />
 */
export function Menu({
  label, items, header, align = 'start', variant = 'ghost', width = 220, badge, badgeInName = true, onOpen, className, triggerClassName, 'aria-label': ariaLabel, triggerLabel,
}: MenuProps): ReactElement {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = `ed-menu${useId().replace(/[^\w-]/g, '')}`;
  const disabled = items.map((item) => !!item.disabled);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
    onOpen?.();
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  // A list wider than the room beside its trigger (the bell between other buttons on a phone) is
  // moved back inside the window rather than cut off at its edge.
  useLayoutEffect(() => {
    const el = popoverRef.current;
    if (!open || !el || typeof window === 'undefined') return;
    el.style.transform = '';
    const rect = el.getBoundingClientRect();
    const margin = 8;
    const shift = rect.left < margin ? margin - rect.left : rect.right > window.innerWidth - margin ? window.innerWidth - margin - rect.right : 0;
    if (shift) el.style.transform = `translateX(${Math.round(shift)}px)`;
  }, [open, width]);

  // Move focus to the active item whenever the menu is open.
  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  // A press anywhere outside closes the menu (composedPath also sees through shadow roots).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      const root = rootRef.current;
      if (root && !event.composedPath().includes(root)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  const first = rovingIndex(0, 'Home', disabled) ?? 0;
  const last = rovingIndex(0, 'End', disabled) ?? 0;

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(first);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(last);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // Keep an enclosing modal open: this Escape belonged to the menu.
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    const next = rovingIndex(active, event.key, disabled, 'vertical');
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === ' ' && (event.target as HTMLElement).tagName === 'A') {
      // Space activates buttons natively but not links.
      event.preventDefault();
      (event.target as HTMLElement).click();
    }
  };

  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    close(!item.href);
    item.onSelect?.();
  };

  const s = styles();
  const b = buttonStyles();
  return (
    <div ref={rootRef} className={cx(s.root, className)}>
      <button
        ref={triggerRef}
        type="button"
        className={cx(b.base, b.md, b[variant], s.trigger, triggerClassName)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(first))}
        onKeyDown={onTriggerKeyDown}
      >
        {(triggerLabel ?? ariaLabel) && <span className={visuallyHidden()}>{`${triggerLabel ?? ariaLabel} `}</span>}
        {label}
        {badge !== undefined && badge !== null && badge !== false && (
          <span className={s.badge} aria-hidden={badgeInName ? undefined : true}>
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div ref={popoverRef} className={cx(s.popover, s[align])} style={{ width }} onKeyDown={onMenuKeyDown}>
          {header && <div className={s.header}>{header}</div>}
          <ul id={menuId} role="menu" aria-label={ariaLabel} className={s.list}>
            {groupsOf(items).map(({ group, entries }) => {
              const rendered = entries.map(({ item, i }) => {
                const common = {
                  ref: (el: HTMLElement | null) => {
                    itemRefs.current[i] = el;
                  },
                  role: 'menuitem',
                  tabIndex: -1,
                  'aria-disabled': item.disabled || undefined,
                  className: cx(s.item, item.danger && s.danger),
                  onClick: () => choose(item),
                  onMouseEnter: () => setActive(i),
                };
                const content = (
                  <>
                    {item.icon && (
                      <span className={s.itemIcon} aria-hidden="true">
                        {item.icon}
                      </span>
                    )}
                    <span>
                      {item.label}
                      {item.description && <span className={s.description}>{item.description}</span>}
                    </span>
                  </>
                );
                return (
                  <li key={item.id} role="none">
                    {item.href && !item.disabled ? (
                      <a href={item.href} {...common}>
                        {content}
                      </a>
                    ) : (
                      <button type="button" {...common}>
                        {content}
                      </button>
                    )}
                  </li>
                );
              });
              if (group === undefined) return rendered;
              // The visible name is for the eye; the group's own name is what a screen reader says.
              return (
                <li key={`group-${entries[0]!.item.id}`} role="none">
                  <span className={s.groupName} aria-hidden="true">
                    {group}
                  </span>
                  <ul role="group" aria-label={group} className={s.list}>
                    {rendered}
                  </ul>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
