/**
 * Where modals and toasts are portalled to. Overlays must escape their widget's box (an embedded
 * widget may sit in a host card with `overflow: hidden`), yet stay inside the suite's styling:
 * the layer carries the root class (scoped reset) and its own z-index (`--ed-z-overlay`).
 *
 * Resolution order for a portal: an explicit `container` prop, the nearest `<OverlayLayer>`,
 * the container set with `setOverlayContainer`, then a lazily created
 * `<div id="estatedesk-overlays" class="ed-root">` at the end of `document.body`.
 *
 * @example
 * <div className={rootClass()} style={vars}>
 *   <OverlayLayer style={vars}><LeadsBoard /></OverlayLayer>
 * </div>
 */
import { createContext, useContext, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { rootClass } from './rootClass';
import { v } from './theme';

/** The id of the default overlay container. */
export const OVERLAY_CONTAINER_ID = 'estatedesk-overlays';

// `undefined` = no OverlayLayer above; `null` = a layer whose element is not mounted yet.
const OverlayContext = createContext<HTMLElement | null | undefined>(undefined);

let configured: HTMLElement | null = null;
let created: HTMLElement | null = null;

const styles = lazyStyles(() => ({
  layer: css`
    position: relative;
    z-index: ${v('z-overlay')};
  `,
}));

/**
 * Sets the element overlays render into when no `<OverlayLayer>` is above them (`null` restores
 * the default). The embed runtime points it at its namespace's themed layer.
 *
 * @example
 * setOverlayContainer(document.getElementById('crm-overlays'));
 */
export function setOverlayContainer(element: HTMLElement | null): void {
  configured = element;
}

/**
 * The container overlays render into outside any `<OverlayLayer>`; creates the default one on
 * first use (never at import time).
 *
 * @example
 * createPortal(<Dialog />, getOverlayContainer()!)
 */
export function getOverlayContainer(): HTMLElement | null {
  if (configured) return configured;
  if (typeof document === 'undefined') return null;
  if (created?.isConnected) return created;
  created = document.createElement('div');
  created.id = OVERLAY_CONTAINER_ID;
  created.className = cx(rootClass(), styles().layer);
  document.body.appendChild(created);
  return created;
}

/**
 * The container a portal inside this component should use (`null` while a layer is mounting).
 *
 * @example
 * const container = useOverlayContainer(props.container);
 * return container ? createPortal(overlay, container) : null;
 */
export function useOverlayContainer(explicit?: HTMLElement | null): HTMLElement | null {
  const fromLayer = useContext(OverlayContext);
  if (explicit) return explicit;
  if (fromLayer !== undefined) return fromLayer;
  return getOverlayContainer();
}

export interface OverlayLayerProps {
  children?: ReactNode;
  /** Theme variables (and anything else) for the layer, e.g. `themeVariables(appearance)`. */
  style?: CSSProperties;
  className?: string;
}

/**
 * Renders its children followed by an overlay layer; modals and toasts inside portal into it.
 *
 * @example
 * <OverlayLayer style={themeVariables({ 'z-overlay': 5000 })}>{app}</OverlayLayer>
 */
export function OverlayLayer({ children, style, className }: OverlayLayerProps): ReactElement {
  const [element, setElement] = useState<HTMLElement | null>(null);
  return (
    <OverlayContext.Provider value={element}>
      {children}
      <div ref={setElement} className={cx(rootClass(), styles().layer, className)} style={style} data-ed-overlay-layer="" />
    </OverlayContext.Provider>
  );
}
