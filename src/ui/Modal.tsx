/**
 * A modal dialog: title, close button, Escape and backdrop close it, Tab stays inside, focus
 * returns to where it was on close, and the page behind is announced as unavailable
 * (`aria-modal`). Rendered through a portal into the overlay layer (see `OverlayLayer`), above
 * everything at `--ed-z-overlay`.
 *
 * @example
 * <Modal open={open} onClose={close} title="Edit Lead" width={EDIT_LEAD_MODAL_WIDTH}
 *   footer={<><Button variant="secondary" onClick={close}>Cancel</Button><Button type="submit" form="edit-lead">Save Changes</Button></>}>
 *   <form id="edit-lead">...</form>
 * </Modal>
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactElement, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { css, cx, keyframes, lazyStyles } from './css';
import { activeElementOf, focusableElements } from './focusable';
import { Icon } from './Icon';
import { IconButton } from './IconButton';
import { UI_TEXT } from './labels';
import { useOverlayContainer } from './OverlayLayer';
import { v } from './theme';

export interface ModalProps {
  open: boolean;
  /** Called by the close button, Escape and a backdrop click. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** Width in pixels or any CSS length (800 for Edit Lead: `EDIT_LEAD_MODAL_WIDTH`); never wider than the screen. */
  width?: number | string;
  /** Whether a click on the backdrop closes the dialog (default true). */
  closeOnBackdrop?: boolean;
  /** Whether Escape closes the dialog (default true). */
  closeOnEscape?: boolean;
  /** Hides the × button (a dialog that must be answered with its own buttons). */
  hideCloseButton?: boolean;
  closeLabel?: string;
  /** Element to focus when opened; defaults to the first focusable element in the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Portal target; defaults to the overlay layer. */
  container?: HTMLElement | null;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element describing the dialog. */
  describedBy?: string;
  className?: string;
}

const styles = lazyStyles(() => {
  const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
  const rise = keyframes`from { opacity: 0; transform: translateY(8px) scale(0.98); } to { opacity: 1; transform: none; }`;
  return {
    backdrop: css`
      position: fixed;
      inset: 0;
      z-index: ${v('z-overlay')};
      display: flex;
      align-items: flex-start;
      justify-content: center;
      padding: 48px 16px;
      overflow-y: auto;
      background: rgba(17, 24, 39, 0.45);
      animation: ${fadeIn} 0.15s ease-out;
      @media (max-width: 640px) { padding: 16px 8px; }
      @media (prefers-reduced-motion: reduce) { animation: none; }
    `,
    panel: css`
      display: flex;
      flex-direction: column;
      max-width: 100%;
      max-height: calc(100vh - 96px);
      border: 1px solid ${v('border')};
      border-radius: 12px;
      background: ${v('surface')};
      color: ${v('text')};
      box-shadow: 0 20px 24px -4px rgba(16, 24, 40, 0.1), 0 8px 8px -4px rgba(16, 24, 40, 0.04);
      animation: ${rise} 0.18s ease-out;
      &:focus { outline: none; }
      @media (max-width: 640px) { max-height: calc(100vh - 32px); }
      @media (prefers-reduced-motion: reduce) { animation: none; }
    `,
    header: css`
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 12px;
      padding: 16px 20px;
      border-bottom: 1px solid ${v('border')};
    `,
    title: css`
      margin: 0;
      font-size: 17px;
      font-weight: 600;
      line-height: 1.4;
      color: ${v('text')};
    `,
    close: css`margin: -6px -8px -6px 0; color: ${v('muted')};`,
    body: css`
      flex: 1 1 auto;
      min-height: 0;
      padding: 20px;
      overflow-y: auto;
    `,
    footer: css`
      display: flex;
      flex-wrap: wrap;
      justify-content: flex-end;
      gap: 8px;
      padding: 14px 20px;
      border-top: 1px solid ${v('border')};
      background: ${v('bg')};
      border-radius: 0 0 12px 12px;
    `,
  };
});

/**
 * A modal dialog.
 *
 * @example
 * <Modal open={importing} onClose={() => setImporting(false)} title="Import Leads">...</Modal>
 */
export function Modal(props: ModalProps): ReactElement | null {
  const container = useOverlayContainer(props.container);
  if (!props.open || !container) return null;
  return createPortal(<ModalPanel {...props} />, container);
}

function ModalPanel({
  onClose, title, children, footer, width = 520, closeOnBackdrop = true, closeOnEscape = true,
  hideCloseButton = false, closeLabel = UI_TEXT.close, initialFocusRef, role = 'dialog', describedBy, className,
}: ModalProps): ReactElement {
  const titleId = `ed-modal${useId().replace(/[^\w-]/g, '')}`;
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // A press that starts inside the panel and ends on the backdrop (selecting text) is not a
  // backdrop click.
  const pressStartedInside = useRef(false);

  // Focus in on open, and back to the opener on close.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previous = activeElementOf(panel) as HTMLElement | null;
    const target =
      initialFocusRef?.current ??
      (bodyRef.current ? focusableElements(bodyRef.current)[0] : undefined) ??
      focusableElements(panel)[0] ??
      panel;
    target.focus();
    return () => {
      if (previous && previous.isConnected && typeof previous.focus === 'function') previous.focus();
    };
    // Runs once per opening: the panel mounts when the dialog opens and unmounts when it closes.
  }, [initialFocusRef]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const panel = panelRef.current;
    if (!panel) return;
    if (event.key === 'Escape') {
      // Stop here so an outer dialog (this one may be nested in its React tree) stays open.
      event.stopPropagation();
      if (closeOnEscape) {
        event.preventDefault();
        onClose();
      }
      return;
    }
    if (event.key !== 'Tab') return;
    event.stopPropagation();
    const items = focusableElements(panel);
    const first = items[0];
    const last = items[items.length - 1];
    const active = activeElementOf(panel);
    if (!first || !last) {
      event.preventDefault();
      panel.focus();
    } else if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const s = styles();
  return (
    <div
      className={s.backdrop}
      data-ed-backdrop=""
      onMouseDown={(event) => {
        pressStartedInside.current = event.target !== event.currentTarget;
        // Keep focus inside the dialog: a press on the backdrop would otherwise move it to the
        // page body, where Escape and the Tab trap no longer reach the dialog.
        if (!pressStartedInside.current) event.preventDefault();
      }}
      onClick={(event) => {
        const startedInside = pressStartedInside.current;
        pressStartedInside.current = false;
        if (event.target === event.currentTarget && !startedInside && closeOnBackdrop) onClose();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cx(s.panel, className)}
        style={{ width: typeof width === 'number' ? `${width}px` : width }}
        onKeyDown={handleKeyDown}
      >
        <div className={s.header}>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          {!hideCloseButton && (
            <IconButton aria-label={closeLabel} size="sm" className={s.close} onClick={onClose}>
              <Icon name="close" size={18} />
            </IconButton>
          )}
        </div>
        <div ref={bodyRef} className={s.body}>
          {children}
        </div>
        {footer && <div className={s.footer}>{footer}</div>}
      </div>
    </div>
  );
}
