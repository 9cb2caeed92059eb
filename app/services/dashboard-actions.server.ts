import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  confirmSearchParam,
  type DashboardIntent,
  type DashboardOutcome,
  dashboardIntents,
  dashboardMessageCodes,
  dashboardPath,
} from "~/lib/dashboard-types";
import { getRefusedBodyLimit, getServices } from "~/context.server";
import { PHOTO_FIELD, PHOTO_MAX_BYTES } from "~/domain/photo";
import { flashCookie } from "~/lib/flash-cookie.server";
import { readFormData } from "~/lib/http.server";
import { isMultipart, readMultipart } from "~/lib/multipart.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getCurrentUser } from "./auth/session.server";
import { deleteCalculation } from "./history.server";
import { deleteProfilePhoto, uploadProfilePhoto } from "./photos.server";
import { deleteWorkoutSession } from "./workout/sessions.server";

// The dashboard's forms (the page's and the dialog's): the photo, its
// deletion, a measure's deletion, a past workout's deletion (the page's). They post to /historique, which answers
// with a redirect back to the page they came from and the outcome in a
// flash cookie, with JavaScript or without.

export const dashboardFlash = flashCookie<DashboardOutcome>(
  "dynami_dashboard_flash",
  z.object({ intent: z.enum(dashboardIntents), ok: z.boolean(), code: z.enum(dashboardMessageCodes) }),
);

interface PostedForm {
  intent: string | null;
  redirectTo: string | null;
  id: string | null;
  photo: Uint8Array | null;
  photoTooLarge: boolean;
}

async function readPostedForm(request: Request): Promise<PostedForm> {
  if (isMultipart(request)) {
    const read = await readMultipart(request, {
      fileField: PHOTO_FIELD,
      maxFileBytes: PHOTO_MAX_BYTES,
      fieldNames: ["intent", "redirectTo", "id"],
    });
    return {
      intent: read.fields.intent ?? null,
      redirectTo: read.fields.redirectTo ?? null,
      id: read.fields.id ?? null,
      photo: read.wellFormed ? read.file : null,
      photoTooLarge: read.fileTooLarge,
    };
  }
  const form = await readFormData(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  return { intent: text("intent"), redirectTo: text("redirectTo"), id: text("id"), photo: null, photoTooLarge: false };
}

/** The page the form was on, without the confirmation it answered. */
function returnPath(value: string | null, request: Request): string {
  let candidate = value;
  if (candidate === null) {
    // A body the server did not read: the page that sent it, when it is ours.
    const referer = request.headers.get("Referer");
    try {
      const url = referer ? new URL(referer) : null;
      if (url && url.host === new URL(request.url).host) candidate = url.pathname + url.search;
    } catch {
      candidate = null;
    }
  }
  const url = new URL(safeRedirectPath(candidate, dashboardPath), "http://local.invalid");
  url.searchParams.delete(confirmSearchParam);
  return url.pathname + url.search;
}

function parseIntent(value: string | null): DashboardIntent | null {
  return (dashboardIntents as readonly string[]).includes(value ?? "") ? (value as DashboardIntent) : null;
}

/**
 * Runs one of the dashboard's forms: its outcome and the page to go back to;
 * `signedOut` when nobody is signed in (the body is then never read: a
 * visitor's upload costs the server nothing); null for an unknown intent.
 */
export async function runDashboardAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<{ outcome: DashboardOutcome; redirectTo: string } | { signedOut: true } | null> {
  const { store } = getServices(context);
  const current = await getCurrentUser(context, request);
  if (!current) return { signedOut: true };
  // Past the photo's limit the server read nothing: only an upload can be that large.
  if (getRefusedBodyLimit(context) !== null) {
    return { outcome: { intent: "photo-upload", ok: false, code: "tooLarge" }, redirectTo: returnPath(null, request) };
  }
  const form = await readPostedForm(request);
  const intent = parseIntent(form.intent);
  if (intent === null) return null;
  const redirectTo = returnPath(form.redirectTo, request);
  const userId = current.user.id;

  switch (intent) {
    case "photo-upload": {
      if (form.photoTooLarge) return { outcome: { intent, ok: false, code: "tooLarge" }, redirectTo };
      const outcome = await uploadProfilePhoto(store, userId, form.photo);
      return { outcome: { intent, ok: outcome.ok, code: outcome.code }, redirectTo };
    }
    case "photo-delete": {
      const outcome = await deleteProfilePhoto(store, userId);
      return { outcome: { intent, ok: outcome.ok, code: outcome.code }, redirectTo };
    }
    case "measure-delete": {
      const deleted = form.id !== null && (await deleteCalculation(store, userId, form.id));
      return { outcome: { intent, ok: deleted, code: deleted ? "measureDeleted" : "measureDeleteFailed" }, redirectTo };
    }
    case "workout-delete": {
      const deleted = form.id !== null && (await deleteWorkoutSession(getServices(context), userId, form.id));
      return { outcome: { intent, ok: deleted, code: deleted ? "workoutDeleted" : "workoutDeleteFailed" }, redirectTo };
    }
  }
}
