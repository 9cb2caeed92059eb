import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { DashboardIntent, DashboardMessageCode, DashboardOutcome } from "~/lib/dashboard-types";
import { dashboardMessageCodes } from "~/lib/dashboard-types";

// With JavaScript the dashboard calls its JSON API (the calls the spec
// lists), shows the outcome in place and refreshes the data. A failed
// answer without a message of its own, and a request that never got an
// answer, get the spec's fallbacks.

type Fallbacks = { failed: DashboardMessageCode; network: DashboardMessageCode };

const FALLBACKS: Record<DashboardIntent, Fallbacks> = {
  "photo-upload": { failed: "uploadFailed", network: "uploadPhotoFailed" },
  "photo-delete": { failed: "deleteFailed", network: "deletePhotoFailed" },
  "measure-delete": { failed: "measureDeleteFailed", network: "measureDeleteFailed" },
  "workout-delete": { failed: "workoutDeleteFailed", network: "workoutDeleteFailed" },
};

const SUCCESS: Record<DashboardIntent, DashboardMessageCode> = {
  "photo-upload": "updated",
  "photo-delete": "deleted",
  "measure-delete": "measureDeleted",
  "workout-delete": "workoutDeleted",
};

function isCode(value: unknown): value is DashboardMessageCode {
  return typeof value === "string" && (dashboardMessageCodes as readonly string[]).includes(value);
}

export async function callDashboardApi(intent: DashboardIntent, request: Request): Promise<DashboardOutcome> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    return { intent, ok: false, code: FALLBACKS[intent].network };
  }
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  if (response.ok) return { intent, ok: true, code: SUCCESS[intent] };
  if (response.status === 401) return { intent, ok: false, code: "notSignedIn" };
  return { intent, ok: false, code: isCode(body?.code) ? body.code : FALLBACKS[intent].failed };
}

/** Runs dashboard requests one at a time; the page's data is read again after each success. */
export function useDashboardRequests() {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<DashboardIntent | null>(null);
  const [outcome, setOutcome] = useState<DashboardOutcome | null>(null);

  const run = useCallback(
    async (intent: DashboardIntent, request: Request) => {
      setPending(intent);
      setOutcome(null);
      const answer = await callDashboardApi(intent, request);
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
