import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { loadOnDemand } from "~/lib/load-on-demand";
import { type DashboardIntent, type DashboardOutcome, dashboardFallbacks } from "~/lib/dashboard-types";

// The calls themselves (dashboard-api.ts) load with the first one: a page
// that only shows the dashboard carries no code for them.
const loadDashboardApi = loadOnDemand(() => import("./dashboard-api"));

/** Runs dashboard requests one at a time; the page's data is read again after each success. */
export function useDashboardRequests() {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<DashboardIntent | null>(null);
  const [outcome, setOutcome] = useState<DashboardOutcome | null>(null);

  const run = useCallback(
    async (intent: DashboardIntent, request: Request) => {
      setPending(intent);
      setOutcome(null);
      const answer = await loadDashboardApi().then(
        ({ callDashboardApi }) => callDashboardApi(intent, request),
        // Its code could not load: the network is down, as when the call itself gets no answer.
        () => ({ intent, ok: false, code: dashboardFallbacks[intent].network }),
      );
      if (answer.ok) await revalidator.revalidate();
      setPending(null);
      setOutcome(answer);
      return answer;
    },
    [revalidator],
  );

  return { run, pending, outcome, setOutcome, refreshing: revalidator.state === "loading" };
}

/** How long a success message stays (section 4: the photo's, 3 s). */
export const SUCCESS_MESSAGE_MS = 3_000;

/** The outcome to show: a success disappears after SUCCESS_MESSAGE_MS (with JavaScript), an error stays. */
export function useFleetingOutcome(outcome: DashboardOutcome | null, hydrated: boolean): DashboardOutcome | null {
  const [hiddenFor, setHiddenFor] = useState<DashboardOutcome | null>(null);
  useEffect(() => {
    if (!hydrated || !outcome?.ok) return;
    const timer = window.setTimeout(() => setHiddenFor(outcome), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, hydrated]);
  return outcome && outcome !== hiddenFor ? outcome : null;
}
