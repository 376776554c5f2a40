/**
 * Object URLs showing picked files before they are sent (Add Property, the edit screen's gallery),
 * revoked when the files change or the screen goes.
 */
import { useEffect, useMemo } from 'react';

export function usePreviews(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : '')), [files]);
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL(u)), [urls]);
  return urls;
}
