import type { Route } from "./+types/me.export";
import { exportQuerySchema } from "~/domain/api/account-api";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { exportFileResponse, myAccountJson, requireMyAccountCaller } from "~/lib/my-account-http.server";
import { getLocale } from "~/middleware/i18next.server";
import { exportAccount } from "~/services/account-export.server";

// GET /api/me/export[?format=json|history-csv|workouts-csv]: everything the
// product holds about the caller's account, as a download
// (Content-Disposition: attachment). JSON by default.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const current = await requireMyAccountCaller(context, request);
    const params = new URL(request.url).searchParams;
    const query = exportQuerySchema.safeParse({ format: params.get("format") ?? undefined });
    if (!query.success) {
      return myAccountJson(context, { ok: false, status: 400, message: { key: "exportFormatUnknown" } });
    }
    const file = await exportAccount(context, current, query.data.format || "json", getLocale(context));
    return file.ok ? exportFileResponse(file) : myAccountJson(context, file);
  });
}

export const action = () => methodNotAllowed();
