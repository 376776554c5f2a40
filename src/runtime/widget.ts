/**
 * What a widget tells the suite about itself (DESIGN: each widget's `index.ts` exports its
 * descriptor). The embed layer mounts widgets by name from these; the app routes to them.
 */
import type { ComponentType } from 'react';

export interface WidgetDescriptor<P = Record<string, unknown>> {
  /** Registry name, also the custom element's suffix: `leads-board` → `<estatedesk-leads-board>`. */
  name: string;
  /** Human title, for loading states and accessible labels. */
  title: string;
  /** The widget's lazy chunk. */
  load: () => Promise<{ default: ComponentType<P> }>;
  /** Renders without a signed-in user (the sign-in forms). Others show sign-in in place. */
  public?: boolean;
}

/**
 * Declares a widget descriptor with its props type checked.
 * @example export const leadsBoard = defineWidget({ name: 'leads-board', title: 'Leads', load: () => import('./LeadsBoard') });
 */
export const defineWidget = <P,>(descriptor: WidgetDescriptor<P>): WidgetDescriptor<P> => descriptor;
