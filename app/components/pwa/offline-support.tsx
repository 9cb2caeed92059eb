import { lazy, Suspense, useEffect, useState } from "react";

// The service worker (offline pages, the installable app) and its update
// prompt. Nothing of it is in a page's critical path: the registration's
// code loads once the page has loaded and the browser is idle, the prompt's
// only when a new version waits.
const UpdatePrompt = lazy(() => import("./update-prompt"));

export function OfflineSupport() {
  const [reload, setReload] = useState<(() => void) | null>(null);
  useEffect(() => {
    // The development server builds no worker.
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    let cancelled = false;
    const register = () =>
      void import("./register-worker").then(({ registerWorker }) => {
        if (!cancelled) registerWorker((apply) => setReload(() => apply));
      });
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(register);
      else setTimeout(register, 1000);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", whenIdle);
    };
  }, []);
  return reload ? (
    <Suspense fallback={null}>
      <UpdatePrompt onReload={reload} />
    </Suspense>
  ) : null;
}
