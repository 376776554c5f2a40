/**
 * The Import modal's progress: one line saying where the import is and a bar — filling with the
 * upload's percentage, then with the rows the server has checked, and sweeping while there is
 * nothing to measure (the server reading the file).
 */
import type { ReactElement } from 'react';
import { css, keyframes, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';
import type { ImportStatus } from './importProgress';

const styles = lazyStyles(() => {
  const sweep = keyframes`0% { transform: translateX(-100%); } 100% { transform: translateX(250%); }`;
  return {
    box: css`display: grid; gap: 6px; margin-top: 16px; font-size: 14px;`,
    track: css`
      position: relative;
      height: 8px;
      overflow: hidden;
      border-radius: 4px;
      background: ${tint('accent', 15)};
    `,
    fill: css`
      height: 100%;
      border-radius: 4px;
      background: ${v('accent')};
      transition: width 0.2s ease-out;
    `,
    sweeping: css`
      width: 40%;
      animation: ${sweep} 1.2s ease-in-out infinite;
      @media (prefers-reduced-motion: reduce) { animation: none; width: 100%; opacity: 0.4; }
    `,
  };
});

/** @example <ImportProgressBar status={{ text: 'Uploading leads.csv: 45%', percent: 45 }} /> */
export function ImportProgressBar({ status }: { status: ImportStatus }): ReactElement {
  const s = styles();
  const known = status.percent !== null;
  return (
    <div className={s.box}>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? status.percent! : undefined}
        aria-valuetext={status.text}
        className={s.track}
      >
        <div className={known ? s.fill : `${s.fill} ${s.sweeping}`} style={known ? { width: `${status.percent}%` } : undefined} />
      </div>
      <span aria-live="polite">{status.text}</span>
    </div>
  );
}
