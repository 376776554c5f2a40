/**
 * The frame of every sign-in screen: an orange branding panel with the EstateDesk name, a welcome
 * message (docs/product/screens.md: a welcome message as branding) and a short value statement,
 * beside a white form card. Below 900 px the panel collapses into a header above the card. Embedded
 * in a host page (in place of a widget whose user is not signed in) only the card is shown.
 */
import { useId, type ReactElement, type ReactNode } from 'react';
import { css, cx, lazyStyles } from '../../ui/css';
import { shade, v } from '../../ui/theme';
import { AUTH_TEXT } from './authText';

const NARROW = '@media (max-width: 900px)';
const SMALL = '@media (max-width: 560px)';

const styles = lazyStyles(() => ({
  page: css`
    display: grid;
    grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
    min-height: 100vh;
    background: ${v('bg')};
    color: ${v('text')};
    ${NARROW} {
      grid-template-columns: minmax(0, 1fr);
      grid-template-rows: auto 1fr;
    }
  `,
  brand: css`
    position: relative;
    overflow: hidden;
    display: flex;
    flex-direction: column;
    justify-content: space-between;
    gap: 48px;
    padding: 48px 56px;
    background: linear-gradient(155deg, ${v('accent')} 0%, ${shade('accent', 82)} 100%);
    color: #fff;
    /* Soft rings give the flat colour some depth without an image to load. */
    &::before,
    &::after {
      content: '';
      position: absolute;
      border-radius: 50%;
      border: 56px solid rgba(255, 255, 255, 0.07);
      pointer-events: none;
    }
    &::before { width: 420px; height: 420px; right: -190px; bottom: -150px; }
    &::after { width: 260px; height: 260px; left: -140px; top: 38%; border-width: 36px; }
    ${NARROW} {
      gap: 8px;
      padding: 20px 24px 22px;
      &::before { width: 220px; height: 220px; right: -90px; bottom: -120px; border-width: 32px; }
      &::after { display: none; }
    }
  `,
  logo: css`
    position: relative;
    display: flex;
    align-items: center;
    gap: 12px;
    font-size: 20px;
    font-weight: 700;
    letter-spacing: -0.01em;
    ${NARROW} { font-size: 17px; gap: 10px; }
  `,
  mark: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    flex: none;
    width: 40px;
    height: 40px;
    border-radius: 10px;
    background: #fff;
    color: ${v('accent')};
    box-shadow: 0 6px 16px rgba(0, 0, 0, 0.12);
    ${NARROW} { width: 32px; height: 32px; border-radius: 8px; }
  `,
  body: css`
    position: relative;
    max-width: 460px;
  `,
  welcome: css`
    margin: 0 0 16px;
    font-size: 38px;
    line-height: 1.15;
    font-weight: 700;
    letter-spacing: -0.02em;
    color: #fff;
    ${NARROW} { margin: 0; font-size: 20px; line-height: 1.3; }
  `,
  statement: css`
    margin: 0;
    font-size: 16px;
    line-height: 1.6;
    color: rgba(255, 255, 255, 0.92);
    ${NARROW} { margin-top: 2px; font-size: 14px; }
    ${SMALL} { display: none; }
  `,
  highlights: css`
    display: grid;
    gap: 14px;
    margin: 32px 0 0;
    padding: 0;
    list-style: none;
    ${NARROW} { display: none; }
  `,
  highlight: css`
    display: flex;
    align-items: center;
    gap: 12px;
    font-size: 15px;
    color: #fff;
  `,
  tick: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    flex: none;
    width: 24px;
    height: 24px;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.2);
  `,
  foot: css`
    position: relative;
    margin: 0;
    font-size: 13px;
    color: rgba(255, 255, 255, 0.8);
    ${NARROW} { display: none; }
  `,
  main: css`
    display: flex;
    align-items: center;
    justify-content: center;
    padding: 48px 24px;
    ${NARROW} { align-items: flex-start; padding: 28px 16px 40px; }
    ${SMALL} { padding: 16px 12px 32px; }
  `,
  card: css`
    width: 100%;
    max-width: 448px;
    box-sizing: border-box;
    padding: 40px;
    border: 1px solid ${v('border')};
    border-radius: 16px;
    background: ${v('surface')};
    box-shadow: 0 12px 32px rgba(16, 24, 40, 0.08), 0 2px 6px rgba(16, 24, 40, 0.04);
    ${SMALL} { padding: 28px 20px; border-radius: 12px; }
  `,
  embeddedCard: css`
    margin: 24px auto;
    box-shadow: ${v('shadow')};
    ${SMALL} { margin: 12px auto; }
  `,
  embeddedLogo: css`
    display: flex;
    align-items: center;
    gap: 10px;
    margin-bottom: 24px;
    font-size: 16px;
    font-weight: 700;
    color: ${v('text')};
  `,
  embeddedMark: css`
    background: ${v('accent')};
    color: #fff;
    width: 32px;
    height: 32px;
    border-radius: 8px;
    box-shadow: none;
  `,
  header: css`
    margin-bottom: 28px;
    ${SMALL} { margin-bottom: 22px; }
  `,
  eyebrow: css`
    margin: 0 0 8px;
    font-size: 12px;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${v('accent')};
  `,
  title: css`
    margin: 0;
    font-size: 26px;
    line-height: 1.25;
    font-weight: 700;
    letter-spacing: -0.01em;
    color: color-mix(in srgb, ${v('text')} 80%, #000);
    ${SMALL} { font-size: 22px; }
  `,
  subtitle: css`
    margin: 8px 0 0;
    font-size: 14px;
    line-height: 1.55;
    color: ${v('muted')};
  `,
  footer: css`
    margin-top: 24px;
    padding-top: 20px;
    border-top: 1px solid ${v('border')};
    text-align: center;
    font-size: 14px;
    color: ${v('muted')};
  `,
}));

/** The EstateDesk mark: a house in a rounded square. */
function BrandMark({ className }: { className?: string }): ReactElement {
  return (
    <span className={cx(styles().mark, className)} aria-hidden="true">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" focusable="false">
        <path d="M3 10.5L12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
      </svg>
    </span>
  );
}

function Tick(): ReactElement {
  return (
    <span className={styles().tick} aria-hidden="true">
      <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" focusable="false">
        <path d="M5 12l5 5L20 7" />
      </svg>
    </span>
  );
}

export interface AuthLayoutProps {
  /** The card's heading (the screen's name for screen readers). */
  title: ReactNode;
  subtitle?: ReactNode;
  /** A small line above the title, e.g. "Step 1 of 2". */
  eyebrow?: ReactNode;
  /** Below the form, under a divider: links to other screens. */
  footer?: ReactNode;
  /** Shown inside a host page: the card alone, without the full-page branding panel. */
  embedded?: boolean;
  children: ReactNode;
}

/**
 * Lays out a sign-in screen.
 *
 * @example
 * <AuthLayout title="Welcome back" subtitle="Sign in to your EstateDesk account.">
 *   <form>...</form>
 * </AuthLayout>
 */
export function AuthLayout({ title, subtitle, eyebrow, footer, embedded = false, children }: AuthLayoutProps): ReactElement {
  const s = styles();
  const titleId = `ed-auth-title${useId().replace(/[^\w-]/g, '')}`;

  const card = (
    <section className={cx(s.card, embedded && s.embeddedCard)} aria-labelledby={titleId}>
      {embedded && (
        <div className={s.embeddedLogo}>
          <BrandMark className={s.embeddedMark} />
          {AUTH_TEXT.brand}
        </div>
      )}
      <div className={s.header}>
        {eyebrow && <p className={s.eyebrow}>{eyebrow}</p>}
        <h1 id={titleId} className={s.title}>
          {title}
        </h1>
        {subtitle && <p className={s.subtitle}>{subtitle}</p>}
      </div>
      {children}
      {footer && <div className={s.footer}>{footer}</div>}
    </section>
  );

  if (embedded) return card;

  return (
    <div className={s.page}>
      <aside className={s.brand} aria-label={AUTH_TEXT.brand}>
        <div className={s.logo}>
          <BrandMark />
          {AUTH_TEXT.brand}
        </div>
        <div className={s.body}>
          <p className={s.welcome}>{AUTH_TEXT.welcome}</p>
          <p className={s.statement}>{AUTH_TEXT.valueStatement}</p>
          <ul className={s.highlights}>
            {AUTH_TEXT.highlights.map((text) => (
              <li key={text} className={s.highlight}>
                <Tick />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className={s.foot}>© {new Date().getFullYear()} {AUTH_TEXT.brand}</p>
      </aside>
      <div className={s.main}>{card}</div>
    </div>
  );
}
