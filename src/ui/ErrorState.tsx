/**
 * What a screen shows when its data could not be loaded (docs/product/messages.md: "Failed to fetch
 * companies" as a page error, "Failed to update company profile." with Go Back): the message,
 * announced as an alert, and a retry button.
 *
 * @example
 * <ErrorState message={MESSAGES.companies.fetchFailed} onRetry={reload} />
 */
import type { ReactElement, ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './css';
import { Icon } from './Icon';
import { UI_TEXT } from './labels';
import { stateStyles } from './LoadingState';
import { tint, v } from './theme';

export interface ErrorStateProps {
  message: ReactNode;
  /** Shows the retry button. */
  onRetry?: () => void;
  retryLabel?: string;
  /** More buttons beside retry (e.g. Go Back). */
  actions?: ReactNode;
  className?: string;
}

/**
 * An error state with retry.
 *
 * @example
 * <ErrorState message={MESSAGES.companies.updateProfileFailed} retryLabel="Go Back" onRetry={goBack} />
 */
export function ErrorState({ message, onRetry, retryLabel = UI_TEXT.retry, actions, className }: ErrorStateProps): ReactElement {
  const s = stateStyles();
  return (
    <div className={cx(s.box, className)} role="alert">
      <span className={s.icon} style={{ background: tint('danger', 12), color: v('danger') }} aria-hidden="true">
        <Icon name="alert" size={22} />
      </span>
      <p className={s.title}>{message}</p>
      {(onRetry || actions) && (
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
          {onRetry && (
            <Button variant="secondary" icon={<Icon name="refresh" size={14} />} onClick={onRetry}>
              {retryLabel}
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
