import type { Route } from "./+types/upload.profile-photo";
import { getRefusedBodyLimit, getServices } from "~/context.server";
import { PHOTO_BODY_LIMIT_BYTES, PHOTO_FIELD, PHOTO_MAX_BYTES, photoRefusal } from "~/domain/photo";
import type { BodyLimitHandle } from "~/lib/body-limits";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { readMultipart } from "~/lib/multipart.server";
import { requireApiUser } from "~/services/auth/session.server";
import { deleteProfilePhoto, type PhotoOutcome, uploadProfilePhoto } from "~/services/photos.server";

// POST /api/upload/profile-photo (multipart, field `photo`) -> {success, photo, message}
// DELETE /api/upload/profile-photo -> {success, message}
// The server reads at most the photo's limit; past it, this route answers
// with the spec's message (handle.answersTooLargeBody).
export const handle = { bodyLimitBytes: PHOTO_BODY_LIMIT_BYTES, answersTooLargeBody: true } satisfies BodyLimitHandle;

/** The spec's fields, and `code`: the message's key, for clients that show it in another language. */
function answer(outcome: PhotoOutcome, withPhoto: boolean): Response {
  if (!outcome.ok) {
    return Response.json({ success: false, message: outcome.message, code: outcome.code }, { status: outcome.status });
  }
  const body = withPhoto
    ? { success: true, photo: outcome.photo, message: outcome.message, code: outcome.code }
    : { success: true, message: outcome.message, code: outcome.code };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed();
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const { store } = getServices(context);
    if (request.method === "DELETE") return answer(await deleteProfilePhoto(store, user.id), false);

    if (getRefusedBodyLimit(context) !== null) {
      return answer(photoRefusal(413, "tooLarge"), true);
    }
    const upload = await readMultipart(request, {
      fileField: PHOTO_FIELD,
      maxFileBytes: PHOTO_MAX_BYTES,
      fieldNames: [],
    });
    if (upload.fileTooLarge) return answer(photoRefusal(413, "tooLarge"), true);
    return answer(await uploadProfilePhoto(store, user.id, upload.wellFormed ? upload.file : null), true);
  });
}

export const loader = () => methodNotAllowed();
