import type { PhotoMessageCode } from "~/domain/photo";
import type { DashboardData } from "~/services/dashboard.server";
import { confirmSearchParam } from "./dashboard-address";

// Shapes shared by the dashboard's action, the flash that carries its
// outcome back, and the dashboard's components.

export type { DashboardData };

/**
 * The statistics, 'Mes routines' and 'Mes exercices' as the server rendered
 * them (HTML: texts and plain links, so the browser carries no script for
 * them); null where their data could not be read (the dashboard then says so).
 */
export interface DashboardBlocksHtml {
  stats: string | null;
  routines: string | null;
  exercises: string | null;
}

/** The headings of those blocks (the block is the page's, its inside the server's HTML). */
export const DASHBOARD_BLOCK_TITLE_IDS = {
  stats: "dashboard-stats-title",
  routines: "dashboard-routines-title",
  exercises: "dashboard-exercises-title",
} as const;

/**
 * The dashboard as a page or the account dialog gets it: its data, and its
 * blocks' HTML in place of the lists they show (sent once, not twice).
 */
export type DashboardView = Omit<DashboardData, "routines" | "exercises"> & { blocksHtml: DashboardBlocksHtml };

/** What a dashboard form asks the action to do (its hidden `intent`). */
export const dashboardIntents = ["photo-upload", "photo-delete", "measure-delete", "workout-delete"] as const;
export type DashboardIntent = (typeof dashboardIntents)[number];

/** The outcome's key: the texts live under dashboard:messages.<code>. */
export const dashboardMessageCodes = [
  "updated",
  "deleted",
  "tooLarge",
  "uploadFailed",
  "uploadPhotoFailed",
  "deleteFailed",
  "deletePhotoFailed",
  "missing",
  "unsupported",
  "unreadable",
  "tooManyPixels",
  "busy",
  "measureDeleted",
  "measureDeleteFailed",
  "workoutDeleted",
  "workoutDeleteFailed",
  "notSignedIn",
] as const satisfies readonly (
  PhotoMessageCode | "measureDeleted" | "measureDeleteFailed" | "workoutDeleted" | "workoutDeleteFailed" | "notSignedIn"
)[];
export type DashboardMessageCode = (typeof dashboardMessageCodes)[number];

/** The spec's messages for a refused answer without a code of its own, and for a request that never got an answer. */
export const dashboardFallbacks: Record<
  DashboardIntent,
  { failed: DashboardMessageCode; network: DashboardMessageCode }
> = {
  "photo-upload": { failed: "uploadFailed", network: "uploadPhotoFailed" },
  "photo-delete": { failed: "deleteFailed", network: "deletePhotoFailed" },
  "measure-delete": { failed: "measureDeleteFailed", network: "measureDeleteFailed" },
  "workout-delete": { failed: "workoutDeleteFailed", network: "workoutDeleteFailed" },
};

export interface DashboardOutcome {
  intent: DashboardIntent;
  ok: boolean;
  code: DashboardMessageCode;
}

export { confirmSearchParam, dashboardPath } from "./dashboard-address";

/** The confirmation target of a past workout (?supprimer=seance-<id>). */
export const workoutConfirmTarget = (id: string) => `seance-${id}`;

/** The address that asks to confirm a deletion ("photo", a measure's id or a workout's target). */
export function confirmHref(here: string, target: string): string {
  const url = new URL(here, "http://local.invalid");
  url.searchParams.set(confirmSearchParam, target);
  return url.pathname + url.search;
}
