/**
 * The welcome card (docs/product/screens.md): greets "Welcome back" with the signed-in user's name,
 * says the dashboard shows everything about the product, points to the product website and has a
 * Get Started button, which does nothing unless the host passes `onGetStarted`.
 *
 * @example
 * <WelcomeCard websiteUrl="https://www.example.com/" />
 */
import { useId, type ReactElement } from 'react';
import { imageUrl } from '../../core/config';
import { useConfig } from '../../runtime/useConfig';
import { useSession } from '../../runtime/useSession';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { css, cx, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';
import { PRODUCT_WEBSITE_URL, WELCOME_TEXT } from './dashboardData';
import { greetingName } from './dashboardModel';

export interface WelcomeCardProps {
  /** Where "Visit the product website" points (default `PRODUCT_WEBSITE_URL`). */
  websiteUrl?: string;
  /** What Get Started does; the product gives it no action, so by default nothing. */
  onGetStarted?: () => void;
  className?: string;
}

const styles = lazyStyles(() => ({
  card: css`
    position: relative;
    display: flex;
    align-items: stretch;
    min-width: 0;
    height: 100%;
    overflow: hidden;
    border: 1px solid ${tint('accent', 22)};
    border-radius: calc(${v('radius')} + 4px);
    background:
      radial-gradient(circle at 100% 0%, ${tint('accent', 18)} 0, transparent 55%),
      linear-gradient(135deg, ${tint('accent', 10)} 0%, ${v('surface')} 70%);
    box-shadow: ${v('shadow')};
    color: ${v('text')};
  `,
  body: css`
    position: relative;
    z-index: 1;
    display: flex;
    flex: 1 1 auto;
    flex-direction: column;
    gap: 10px;
    min-width: 0;
    padding: 22px 24px;
  `,
  who: css`display: flex; align-items: center; gap: 12px; min-width: 0;`,
  heading: css`margin: 0; min-width: 0; font-weight: 400;`,
  greeting: css`display: block; font-size: 14px; font-weight: 500; color: ${v('muted')};`,
  name: css`
    display: block;
    font-size: 22px;
    font-weight: 700;
    line-height: 1.25;
    color: ${v('text')};
    overflow-wrap: anywhere;
  `,
  intro: css`margin: 0; max-width: 46ch; font-size: 14px; line-height: 1.55; color: ${v('muted')};`,
  actions: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 12px 20px;
    margin-top: auto;
    padding-top: 6px;
  `,
  link: css`
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-size: 14px;
    font-weight: 500;
    color: ${v('accent')};
    text-decoration: none;
    &:hover { text-decoration: underline; }
  `,
  art: css`
    position: relative;
    flex: none;
    align-self: flex-end;
    width: 168px;
    margin: 0 16px 0 -24px;
    color: ${v('accent')};
    @container ed-dashboard (max-width: 479px) { display: none; }
  `,
}));

// A small skyline: decoration only, drawn in the accent colour so it follows the theme.
function Skyline({ className }: { className: string }): ReactElement {
  return (
    <svg className={className} viewBox="0 0 168 120" aria-hidden="true" focusable="false">
      <g fill="currentColor">
        <rect x="8" y="56" width="30" height="64" rx="3" opacity="0.18" />
        <rect x="44" y="24" width="36" height="96" rx="3" opacity="0.32" />
        <rect x="86" y="44" width="30" height="76" rx="3" opacity="0.22" />
        <rect x="122" y="8" width="38" height="112" rx="3" opacity="0.4" />
      </g>
      <g fill="#ffffff" opacity="0.9">
        {[36, 52, 68, 84, 100].map((y) => (
          <g key={y}>
            <rect x="52" y={y} width="8" height="8" rx="1.5" />
            <rect x="64" y={y} width="8" height="8" rx="1.5" />
          </g>
        ))}
        {[20, 36, 52, 68, 84, 100].map((y) => (
          <g key={y}>
            <rect x="130" y={y} width="8" height="8" rx="1.5" />
            <rect x="144" y={y} width="8" height="8" rx="1.5" />
          </g>
        ))}
      </g>
    </svg>
  );
}

function ExternalIcon(): ReactElement {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14L21 3" />
    </svg>
  );
}

/**
 * The welcome card.
 *
 * @example
 * <WelcomeCard />
 */
export function WelcomeCard({ websiteUrl = PRODUCT_WEBSITE_URL, onGetStarted, className }: WelcomeCardProps): ReactElement {
  // Select the finished string, not the user object: the card re-renders only when it changes.
  const name = useSession((s) => greetingName(s.user, WELCOME_TEXT.fallbackName));
  // The person's picture as the session holds it (the account widget updates it on upload).
  const avatar = useSession((s) => (typeof s.user?.avatar === 'string' ? s.user.avatar : null));
  const config = useConfig();
  const headingId = `ed-welcome${useId().replace(/[^\w-]/g, '')}`;
  const s = styles();
  return (
    <section className={cx(s.card, className)} aria-labelledby={headingId}>
      <div className={s.body}>
        <div className={s.who}>
          <Avatar name={name} src={avatar ? imageUrl(config, avatar) : null} size={44} decorative />
          <h3 id={headingId} className={s.heading}>
            <span className={s.greeting}>{WELCOME_TEXT.greeting}</span>{' '}
            <span className={s.name}>{name}</span>
          </h3>
        </div>
        <p className={s.intro}>{WELCOME_TEXT.intro}</p>
        <div className={s.actions}>
          <Button onClick={onGetStarted}>{WELCOME_TEXT.getStarted}</Button>
          <a className={s.link} href={websiteUrl} target="_blank" rel="noopener noreferrer">
            {WELCOME_TEXT.websiteLink}
            <ExternalIcon />
          </a>
        </div>
      </div>
      <Skyline className={s.art} />
    </section>
  );
}
