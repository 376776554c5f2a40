/**
 * The set-up of an authenticator app: the QR code (an SVG the server drew, shown as an image from
 * a data: URL, so no QR encoder ships to the browser) and the key to type in by hand, grouped in
 * fours, with a copy button. Shared by the sign-in step a company requires and the Security tab.
 *
 * @example
 * <TotpSetupView qrSrc={setup.qr_svg} secret={setup.secret} />
 */
import type { ReactElement } from 'react';
import { CopyButton } from './CopyButton';
import { css, lazyStyles } from './css';
import { v } from './theme';

export const TOTP_SETUP_TEXT = {
  scan: 'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).',
  qrAlt: 'QR code to add EstateDesk to your authenticator app',
  manual: "Can't scan it? Enter this key in the app (time-based, 6 digits):",
  keyLabel: 'Setup key',
  copy: 'Copy key',
} as const;

const styles = lazyStyles(() => ({
  box: css`display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start;`,
  qr: css`
    width: 176px;
    height: 176px;
    flex: none;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: #fff;
    image-rendering: pixelated;
  `,
  text: css`flex: 1 1 220px; min-width: 0; display: grid; gap: 8px; font-size: 14px; margin: 0;`,
  key: css`
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 15px;
    letter-spacing: 0.04em;
    word-break: break-all;
    padding: 8px 10px;
    border-radius: ${v('radius')};
    background: ${v('bg')};
    border: 1px solid ${v('border')};
    user-select: all;
  `,
}));

/** The key in groups of four, as apps show it. */
export const groupKey = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TotpSetupView({ qrSrc, secret }: { qrSrc: string; secret: string }): ReactElement {
  const s = styles();
  return (
    <div className={s.box}>
      <img className={s.qr} src={qrSrc} alt={TOTP_SETUP_TEXT.qrAlt} width={176} height={176} />
      <div className={s.text}>
        <p style={{ margin: 0 }}>{TOTP_SETUP_TEXT.scan}</p>
        <p style={{ margin: 0 }}>{TOTP_SETUP_TEXT.manual}</p>
        <code className={s.key} aria-label={TOTP_SETUP_TEXT.keyLabel} data-testid="totp-key">
          {groupKey(secret)}
        </code>
        <div>
          <CopyButton text={secret} label={TOTP_SETUP_TEXT.copy} />
        </div>
      </div>
    </div>
  );
}
