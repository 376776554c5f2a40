/**
 * A modal whose code loads when first wanted: `open(value)` mounts it (its chunk is fetched then)
 * and opens it; `close()` closes it but keeps it mounted, so closing plays out as usual and the
 * next opening is immediate. `value` is what the modal shows (`true`, a lead's id), `closed` when
 * closed.
 *
 * @example
 * const add = useLazyModal(false);
 * <Button onClick={() => add.open(true)}>Add Lead</Button>
 * {add.wanted && <AddLeadModal open={add.value} onClose={add.close} />}
 */
import { useCallback, useMemo, useState } from 'react';

export interface LazyModal<T> {
  /** Opened at least once: render the (lazy) modal from now on. */
  wanted: boolean;
  /** The open modal's value, or `closed`. */
  value: T;
  open(value: T): void;
  close(): void;
}

export function useLazyModal<T>(closed: T): LazyModal<T> {
  const [wanted, setWanted] = useState(false);
  const [value, setValue] = useState<T>(closed);
  const open = useCallback((next: T) => {
    setWanted(true);
    setValue(() => next);
  }, []);
  const close = useCallback(() => setValue(() => closed), [closed]);
  return useMemo(() => ({ wanted, value, open, close }), [wanted, value, open, close]);
}
