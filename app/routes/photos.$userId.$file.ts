import type { Route } from "./+types/photos.$userId.$file";
import { getServices } from "~/context.server";
import { findServedPhoto } from "~/services/photos.server";
import { normalizeObjectId } from "~/store/object-id";

// GET /photos/{userId}/{version}.webp: a profile photo, from the store. The
// version is random (128 bits), so only those given the address (the user,
// the pages that show the photo) can open it; any other version is a 404,
// never a pointer to the current one. The address changes with every new
// photo, so it is cached for a year and never revalidated in between; the
// ETag serves clients that ask anyway.

const FILE_NAME = /^([0-9a-f]{32})\.webp$/;
const YEAR_SECONDS = 365 * 24 * 3600;

function notFound(): Response {
  return new Response("Photo introuvable.\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const userId = normalizeObjectId(params.userId);
  const version = FILE_NAME.exec(params.file ?? "")?.[1];
  if (userId === null || version === undefined) return notFound();

  const served = await findServedPhoto(getServices(context).store, userId, version);
  if (served.kind === "missing") return notFound();
  const { photo } = served;
  const headers = {
    "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable`,
    ETag: photo.etag,
    "Last-Modified": photo.createdAt.toUTCString(),
  };
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim() === photo.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(photo.data as Uint8Array<ArrayBuffer>, {
    headers: {
      ...headers,
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.data.byteLength),
      "Content-Disposition": "inline",
    },
  });
}
