/**
 * A button that copies a text to the clipboard and says so ("Copied", announced politely). Where
 * the clipboard is refused (an insecure page, a denied permission) it says to copy by hand.
 *
 * @example
 * <CopyButton text={secret} label="Copy key" />
 */
import { useEffect, useState, type ReactElement } from 'react';
import { Button } from './Button';

export const COPY_TEXT = { copied: 'Copied', failed: 'Copy failed: select the text and copy it' } as const;

export interface CopyButtonProps {
  text: string;
  label: string;
}

export function CopyButton({ text, label }: CopyButtonProps): ReactElement {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={copy}>
        {label}
      </Button>
      <span role="status" aria-live="polite" style={{ fontSize: 13, marginLeft: 8 }}>
        {state === 'copied' ? COPY_TEXT.copied : state === 'failed' ? COPY_TEXT.failed : ''}
      </span>
    </>
  );
}
