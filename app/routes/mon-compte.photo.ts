import { redirect } from "react-router";
import type { Route } from "./+types/mon-compte.photo";
import { withAccountView } from "~/components/account/account-url";
import { getRefusedBodyLimit, getServices } from "~/context.server";
import { type MyAccountMessage, photoMessageKey } from "~/domain/my-account";
import { PHOTO_BODY_LIMIT_BYTES, PHOTO_FIELD, PHOTO_MAX_BYTES, photoRefusal } from "~/domain/photo";
import type { BodyLimitHandle } from "~/lib/body-limits";
import { readMultipart } from "~/lib/multipart.server";
import { serializeMyAccountFlash } from "~/lib/my-account-flash.server";
import { getCurrentUser } from "~/services/auth/session.server";
import { deleteProfilePhoto, type PhotoOutcome, uploadProfilePhoto } from "~/services/photos.server";

// The photo card's forms without JavaScript (multipart, field `photo`, and
// `intent` upload or delete): the dashboard's photo service, then back to
// /mon-compte with the outcome. With JavaScript the card calls
// /api/upload/profile-photo, the same service.
export const handle = { bodyLimitBytes: PHOTO_BODY_LIMIT_BYTES, answersTooLargeBody: true } satisfies BodyLimitHandle;

const backToCard = "/mon-compte#photo";

async function backWith(context: Route.ActionArgs["context"], outcome: PhotoOutcome) {
  const key = photoMessageKey(outcome.code) ?? (outcome.ok ? "photoUpdated" : "photoUploadFailed");
  const message: MyAccountMessage = { key };
  const cookie = await serializeMyAccountFlash(context, { section: "photo", ok: outcome.ok, message });
  return redirect(backToCard, { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await getCurrentUser(context, request);
  if (!current) return redirect(withAccountView("/mon-compte", "login"), 303);
  const { store } = getServices(context);
  if (getRefusedBodyLimit(context) !== null) {
    return backWith(context, photoRefusal(413, "tooLarge"));
  }
  const upload = await readMultipart(request, {
    fileField: PHOTO_FIELD,
    maxFileBytes: PHOTO_MAX_BYTES,
    fieldNames: ["intent"],
  });
  if (upload.fields.intent === "delete") return backWith(context, await deleteProfilePhoto(store, current.user.id));
  if (upload.fileTooLarge) return backWith(context, photoRefusal(413, "tooLarge"));
  return backWith(context, await uploadProfilePhoto(store, current.user.id, upload.wellFormed ? upload.file : null));
}

/** Opened as a page: the card it belongs to. */
export function loader() {
  return redirect(backToCard);
}
