import { data } from "react-router";

// Form bodies of the community and admin pages, read with a cap enforced
// while they stream in (the JSON API has readJsonBody for the same job).

/** Room for a 200,000-character newsletter, percent-encoded. */
export const NEWSLETTER_FORM_MAX_BYTES = 2 * 1024 * 1024;
/** Every other form of these pages is a few fields. */
export const SMALL_FORM_MAX_BYTES = 64 * 1024;

const tooLarge = () => data({ message: "Requête trop volumineuse." }, { status: 413 });

/**
 * The request's form fields; an empty form when the body is not a form. A
 * body over maxBytes (announced or actually sent) is refused with 413 before
 * it is all read.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) throw tooLarge();
  if (!request.body) return new FormData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const contentType = request.headers.get("Content-Type") ?? "";
  try {
    return await new Response(Buffer.concat(chunks), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return new FormData();
  }
}
