/**
 * What a list shows when it has nothing in it ("No favorite properties yet",
 * "No company data available."), with an optional next step.
 *
 * @example
 * <EmptyState title={MESSAGES.properties.noFavourites} action={<Button onClick={browse}>Browse properties</Button>} />
 */
import type { ReactElement, ReactNode } from 'react';
import { cx } from './css';
import { Icon, type IconName } from './Icon';
import { stateStyles } from './LoadingState';
import { tint, v } from './theme';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: IconName;
  className?: string;
}

/**
 * An empty state.
 *
 * @example
 * <EmptyState title={MESSAGES.users.noUsers} icon="user" />
 */
export function EmptyState({ title, description, action, icon = 'inbox', className }: EmptyStateProps): ReactElement {
  const s = stateStyles();
  return (
    <div className={cx(s.box, className)}>
      <span className={s.icon} style={{ background: tint('text', 6), color: v('muted') }} aria-hidden="true">
        <Icon name={icon} size={22} />
      </span>
      <p className={s.title}>{title}</p>
      {description && <p className={s.text}>{description}</p>}
      {action}
    </div>
  );
}
