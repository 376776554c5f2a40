/** The toast stack of the runtime in context, in a scoped root of its own (one per namespace). */
import { useRuntime, useToasts } from '../runtime';
import { rootClass, Toasts } from '../ui';

export function ToastStack() {
  const runtime = useRuntime();
  const toasts = useToasts();
  return (
    <div className={rootClass()}>
      <Toasts
        toasts={toasts}
        onDismiss={runtime.toast.dismiss}
        onPause={runtime.toast.pauseAll}
        onResume={runtime.toast.resumeAll}
      />
    </div>
  );
}
