import type { Route } from "./+types/history";
import { getServices } from "~/context.server";
import { HISTORY_MESSAGES, historyEntrySchema } from "~/domain/history";
import { nextHistoryPageQuery, parseHistoryPageQuery } from "~/domain/history-page";
import { ApiError, handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { requireApiUser } from "~/services/auth/session.server";
import { listCalculations, saveCalculationWithinLimit } from "~/services/history.server";

// GET /api/history[?limit=&before=]: a page of the caller's records, newest
// first, HISTORY_PAGE_SIZE at most. A full page links the next one (Link
// header, rel="next"), so the body stays the array clients expect.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const query = parseHistoryPageQuery(new URL(request.url).searchParams);
    if (!query.ok) throw new ApiError(400, query.message);
    const records = await listCalculations(getServices(context).store, user.id, query.page);
    const headers = new Headers({ "Cache-Control": "no-store" });
    const next = nextHistoryPageQuery(
      records.map((record) => ({ createdAt: new Date(record.createdAt), id: record._id })),
      query.page.limit,
    );
    if (next !== null) headers.set("Link", `</api/history?${next}>; rel="next"`);
    return Response.json(records, { headers });
  });
}

// POST /api/history { action, meta }: saves one calculation for the caller
// (HISTORY_WRITE_LIMIT an hour, shared with the calculator pages; past it 429).
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    // Who first: a visitor gets 401 whatever the body.
    const { user } = await requireApiUser(context, request);
    const entry = await readJsonBody(request, historyEntrySchema());
    const outcome = await saveCalculationWithinLimit(getServices(context).store, user.id, entry);
    if (!outcome.ok) {
      const { retryAfterSeconds } = outcome;
      return Response.json(
        { message: HISTORY_MESSAGES.tooMany(Math.ceil(retryAfterSeconds / 60)), code: "tooManyRequests" },
        { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
      );
    }
    return Response.json(outcome.saved, { status: 201 });
  });
}
