/**
 * The origin check of a runtime, made once however many widgets mount: null while unknown or
 * allowed, else the message naming what to add to ALLOWED_ORIGINS (also written to the console,
 * once, where an integrator looks first).
 */
import { useEffect, useState } from 'react';
import { checkOriginAccess, type Runtime } from '../core';
import { useRuntime } from '../runtime';

const checks = new WeakMap<Runtime, Promise<string | null>>();

function originCheck(runtime: Runtime): Promise<string | null> {
  let check = checks.get(runtime);
  if (!check) {
    check = checkOriginAccess(runtime.config).then((message) => {
      if (message) console.error(`[estatedesk] ${message}`);
      return message;
    });
    checks.set(runtime, check);
  }
  return check;
}

export function useOriginAccess(): string | null {
  const runtime = useRuntime();
  const [blocked, setBlocked] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void originCheck(runtime).then((message) => live && setBlocked(message));
    return () => {
      live = false;
    };
  }, [runtime]);
  return blocked;
}
