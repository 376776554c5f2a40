/**
 * The toast stack, as a pure view (the timers live in `core/toasts`): top-right, newest last,
 * pauses while the pointer is over it or focus is inside it, and resumes when it leaves
 * (docs/product/rules.md, "Constants and limits"). Errors are `role="alert"` (announced at once),
 * the rest `role="status"`. It steps aside to the bottom while the focused control sits under
 * its place at the top (`useStepAside`).
 *
 * @example
 * <Toasts toasts={toasts} onDismiss={toast.dismiss} onPause={toast.pauseAll} onResume={toast.resumeAll} />
 */
import { useRef, type FocusEvent, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { css, cx, keyframes, lazyStyles } from './css';
import { Icon, type IconName } from './Icon';
import { UI_TEXT } from './labels';
import { tint, v, type ThemeToken } from './theme';
import { TOAST_EDGE, useStepAside } from './useStepAside';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastView<Id extends string | number = string> {
  id: Id;
  kind: ToastKind;
  message: ReactNode;
}

export interface ToastsProps<Id extends string | number = string> {
  toasts: ReadonlyArray<ToastView<Id>>;
  onDismiss: (id: Id) => void;
  /** Called when the pointer enters the stack or focus moves into it (may repeat). */
  onPause?: () => void;
  /** Called when the pointer leaves the stack or focus leaves it. */
  onResume?: () => void;
  /** Portal target; by default the stack renders in place (it is `position: fixed`). */
  container?: HTMLElement | null;
  dismissLabel?: string;
  /** Accessible name of the stack. */
  label?: string;
}

const KIND: Record<ToastKind, { icon: IconName; token: ThemeToken }> = {
  success: { icon: 'success', token: 'success' },
  error: { icon: 'alert', token: 'danger' },
  info: { icon: 'info', token: 'info' },
  warning: { icon: 'alert', token: 'accent' },
};

const styles = lazyStyles(() => {
  const slide = keyframes`from { opacity: 0; transform: translateX(16px); } to { opacity: 1; transform: none; }`;
  return {
    stack: css`
      position: fixed;
      top: ${TOAST_EDGE}px;
      right: ${TOAST_EDGE}px;
      z-index: calc(${v('z-overlay')} + 10);
      display: flex;
      flex-direction: column;
      align-items: flex-end;
      gap: 8px;
      width: min(380px, calc(100vw - 32px));
      max-height: calc(100vh - 32px);
      overflow-y: auto;
      margin: 0;
      padding: 0;
      list-style: none;
      pointer-events: none;
      &:empty { display: none; }
      &[data-aside] { top: auto; bottom: ${TOAST_EDGE}px; }
    `,
    toast: css`
      pointer-events: auto;
      display: flex;
      align-items: flex-start;
      gap: 10px;
      width: 100%;
      box-sizing: border-box;
      padding: 12px 12px 12px 14px;
      border: 1px solid ${v('border')};
      border-left-width: 4px;
      border-radius: ${v('radius')};
      background: ${v('surface')};
      color: ${v('text')};
      font-size: 14px;
      line-height: 1.45;
      box-shadow: 0 12px 16px -4px rgba(16, 24, 40, 0.1), 0 4px 6px -2px rgba(16, 24, 40, 0.05);
      animation: ${slide} 0.2s ease-out;
      @media (prefers-reduced-motion: reduce) { animation: none; }
    `,
    icon: css`display: inline-flex; flex: none; margin-top: 1px;`,
    message: css`flex: 1; min-width: 0; overflow-wrap: anywhere;`,
    dismiss: css`
      display: inline-flex;
      flex: none;
      align-items: center;
      justify-content: center;
      width: 24px;
      height: 24px;
      margin: -2px -2px 0 0;
      padding: 0;
      border: 0;
      border-radius: 6px;
      background: none;
      color: ${v('muted')};
      cursor: pointer;
      &:hover { background: ${tint('text', 8)}; color: ${v('text')}; }
      &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 1px; }
    `,
  };
});

/**
 * Renders the toasts it is given.
 *
 * @example
 * <Toasts toasts={[{ id: 1, kind: 'success', message: MESSAGES.leads.added }]} onDismiss={dismiss} />
 */
export function Toasts<Id extends string | number = string>({
  toasts, onDismiss, onPause, onResume, container, dismissLabel = UI_TEXT.dismiss, label = UI_TEXT.notifications,
}: ToastsProps<Id>): ReactElement {
  const s = styles();
  const stackRef = useRef<HTMLElement>(null);
  const aside = useStepAside(stackRef, toasts.length);
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    // Only when focus leaves the stack, not when it moves between two toasts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onResume?.();
  };
  const stack = (
    <section
      ref={stackRef}
      aria-label={label}
      className={s.stack}
      data-aside={aside || undefined}
      onMouseEnter={onPause}
      onMouseLeave={onResume}
      onFocus={onPause}
      onBlur={handleBlur}
    >
      {toasts.map((toast) => {
        const kind = KIND[toast.kind] ?? KIND.info;
        return (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            className={s.toast}
            style={{ borderLeftColor: v(kind.token) }}
            data-kind={toast.kind}
          >
            <span className={s.icon} style={{ color: v(kind.token) }} aria-hidden="true">
              <Icon name={kind.icon} size={18} />
            </span>
            <div className={s.message}>{toast.message}</div>
            <button type="button" className={cx(s.dismiss)} aria-label={dismissLabel} onClick={() => onDismiss(toast.id)}>
              <Icon name="close" size={14} />
            </button>
          </div>
        );
      })}
    </section>
  );
  return container ? createPortal(stack, container) : stack;
}
