import { Suspense, useCallback, useEffect, useState } from "react";
import { componentOnDemand, loadOnDemand } from "~/lib/load-on-demand";
import type { ToastMessage, ToastTone } from "./toast-content";
import styles from "./toast-region.module.css";

export type { ToastMessage, ToastTone };

/** One toast at a time: a new one replaces the current one. It hides itself after `autoHideMs`. */
export function useToast(autoHideMs = 6000) {
  const [toast, setToast] = useState<ToastMessage | null>(null);

  const show = useCallback((tone: ToastTone, text: string) => {
    setToast((previous) => ({ id: (previous?.id ?? 0) + 1, tone, text }));
  }, []);
  const dismiss = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), autoHideMs);
    return () => window.clearTimeout(timer);
  }, [toast, autoHideMs]);

  return { toast, show, dismiss };
}

// A toast's look loads with the first one (toast-content.tsx, with its
// styles): the region is there from the start, empty, as screen readers need it.
const loadToastContent = loadOnDemand(() => import("./toast-content"));

const ToastWhenLoaded = componentOnDemand(loadToastContent, "ToastContent");

/**
 * The polite live region the toasts appear in. It stays in the page even when
 * empty, so screen readers announce each new toast.
 */
export function ToastRegion({
  toast,
  onDismiss,
  dismissLabel,
}: {
  toast: ToastMessage | null;
  onDismiss: () => void;
  dismissLabel: string;
}) {
  return (
    <output className={styles.region} aria-live="polite" aria-atomic="true">
      {toast ? (
        <Suspense fallback={null}>
          <ToastWhenLoaded key={toast.id} toast={toast} onDismiss={onDismiss} dismissLabel={dismissLabel} />
        </Suspense>
      ) : null}
    </output>
  );
}
