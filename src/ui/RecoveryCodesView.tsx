/**
 * The ten recovery codes, shown once after a set-up (the server keeps only their hashes), with a
 * copy button and what they are for.
 *
 * @example
 * <RecoveryCodesView codes={answer.recovery_codes} />
 */
import type { ReactElement } from 'react';
import { CopyButton } from './CopyButton';
import { css, lazyStyles } from './css';
import { v } from './theme';

export const RECOVERY_TEXT = {
  title: 'Save your recovery codes',
  hint: 'If you lose your phone, each of these codes signs you in once instead of an app code. They are shown only now: keep them somewhere safe.',
  list: 'Recovery codes',
  copy: 'Copy codes',
} as const;

const styles = lazyStyles(() => ({
  list: css`
    list-style: none;
    margin: 8px 0 12px;
    padding: 12px;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
    gap: 6px 16px;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 15px;
    border-radius: ${v('radius')};
    background: ${v('bg')};
    border: 1px solid ${v('border')};
  `,
}));

export function RecoveryCodesView({ codes }: { codes: readonly string[] }): ReactElement {
  const s = styles();
  return (
    <section aria-label={RECOVERY_TEXT.title}>
      <p style={{ margin: '0 0 4px', fontWeight: 600 }}>{RECOVERY_TEXT.title}</p>
      <p style={{ margin: 0, fontSize: 14 }}>{RECOVERY_TEXT.hint}</p>
      <ul className={s.list} aria-label={RECOVERY_TEXT.list}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} label={RECOVERY_TEXT.copy} />
    </section>
  );
}
