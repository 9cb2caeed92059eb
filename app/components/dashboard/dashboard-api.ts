import type { DashboardIntent, DashboardMessageCode, DashboardOutcome } from "~/lib/dashboard-types";
import { dashboardFallbacks, dashboardMessageCodes } from "~/lib/dashboard-types";

// With JavaScript the dashboard calls its JSON API (the calls the spec
// lists), shows the outcome in place and refreshes the data. A failed
// answer without a message of its own, and a request that never got an
// answer, get the spec's fallbacks (dashboardFallbacks).

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
    return { intent, ok: false, code: dashboardFallbacks[intent].network };
  }
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  if (response.ok) return { intent, ok: true, code: SUCCESS[intent] };
  if (response.status === 401) return { intent, ok: false, code: "notSignedIn" };
  return { intent, ok: false, code: isCode(body?.code) ? body.code : dashboardFallbacks[intent].failed };
}
