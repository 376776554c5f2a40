/**
 * Combines refs so a field can keep its own handle on the element while still forwarding the
 * caller's ref (react-hook-form's `register` hands one in).
 *
 * @example
 * <input ref={mergeRefs(innerRef, forwardedRef)} />
 */
import type { Ref, RefCallback } from 'react';

export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): RefCallback<T> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) (ref as { current: T | null }).current = value;
    }
  };
}
