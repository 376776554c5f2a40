/**
 * An inline message panel on a sign-in card: red for failures (announced as an alert), green for
 * success, neutral for progress (announced politely).
 */
import type { ReactElement, ReactNode } from 'react';
import { css, cx, lazyStyles } from '../../ui/css';
import { Icon } from '../../ui/Icon';
import { tint, v } from '../../ui/theme';

export type NoticeTone = 'error' | 'success' | 'info';

const styles = lazyStyles(() => ({
  box: css`
    display: flex;
    align-items: flex-start;
    gap: 10px;
    padding: 12px 14px;
    border: 1px solid;
    border-radius: ${v('radius')};
    font-size: 14px;
    line-height: 1.5;
    text-align: left;
  `,
  icon: css`
    display: inline-flex;
    flex: none;
    margin-top: 2px;
  `,
  error: css`
    border-color: ${tint('danger', 35)};
    background: ${tint('danger', 7)};
    color: color-mix(in srgb, ${v('danger')} 85%, #000);
  `,
  success: css`
    border-color: ${tint('success', 35)};
    background: ${tint('success', 8)};
    color: color-mix(in srgb, ${v('success')} 75%, #000);
  `,
  info: css`
    border-color: ${v('border')};
    background: ${v('bg')};
    color: ${v('text')};
  `,
}));

const ICONS = { error: 'alert', success: 'success', info: 'info' } as const;

export interface AuthNoticeProps {
  tone: NoticeTone;
  children: ReactNode;
  className?: string;
}

/**
 * A message panel.
 *
 * @example
 * {formError && <AuthNotice tone="error">{formError}</AuthNotice>}
 */
export function AuthNotice({ tone, children, className }: AuthNoticeProps): ReactElement {
  const s = styles();
  return (
    <div className={cx(s.box, s[tone], className)} role={tone === 'error' ? 'alert' : 'status'}>
      <span className={s.icon} aria-hidden="true">
        <Icon name={ICONS[tone]} size={18} />
      </span>
      <div>{children}</div>
    </div>
  );
}
