/** The toast stack of the runtime in context, in a scoped root of its own (one per namespace). */
import type { CSSProperties } from 'react';
import { useRuntime, useToasts } from '../runtime';
import { rootClass } from '../ui/rootClass';
import { Toasts } from '../ui/Toasts';

export function ToastStack({ style }: { style?: CSSProperties }) {
  const runtime = useRuntime();
  const toasts = useToasts();
  return (
    <div className={rootClass()} style={style} data-ed-toasts="">
      <Toasts
        toasts={toasts}
        onDismiss={runtime.toast.dismiss}
        onPause={runtime.toast.pauseAll}
        onResume={runtime.toast.resumeAll}
      />
    </div>
  );
}
