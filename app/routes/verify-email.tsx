import { useTranslation } from "react-i18next";
import { data, Link, type RouterContextProvider } from "react-router";
import type { Route } from "./+types/verify-email";
import { AccountPageCard } from "~/components/account/account-page-card";
import pageStyles from "~/components/account/account-page.module.css";
import { translateAccountMessage } from "~/components/account/account-messages";
import { withAccountView } from "~/components/account/account-url";
import { ACCOUNT_MESSAGES } from "~/domain/account";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";
import { verifyEmail } from "~/services/auth/accounts.server";

// The link of the verification mail. The loader checks the token, so the
// page arrives with its outcome, JavaScript or not. Asked for JSON (the
// spec's client falls back to GET /verify-email), it answers { message }.

type VerificationState = "success" | "error" | "invalid";

async function checkToken(context: Readonly<RouterContextProvider>, request: Request) {
  const token = new URL(request.url).searchParams.get("token")?.trim();
  if (!token) return { state: "invalid" as VerificationState, message: ACCOUNT_MESSAGES.verifyNoToken, status: 400 };
  const result = await verifyEmail(context, token);
  return {
    state: (result.ok ? "success" : "error") as VerificationState,
    message: result.message,
    status: result.ok ? 200 : result.status,
  };
}

// A token is single use: never keep these answers in a cache.
const noStore = { "Cache-Control": "no-store" };

function wantsJson(request: Request): boolean {
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (!wantsJson(request)) return next();
    const outcome = await checkToken(context, request);
    return Response.json({ message: outcome.message }, { status: outcome.status, headers: noStore });
  },
];

export const handle = { i18n: ["account"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { state, message, status } = await checkToken(context, request);
  const title = getInstance(context).t("verify.title", { ns: "account" });
  return data({ title, state, message }, { status, headers: noStore });
}

export function headers() {
  return noStore;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { state, message } = loaderData;
  return (
    <AccountPageCard tone={state === "success" ? "success" : "error"} title={t("verify.title")}>
      <p className={pageStyles.message} role={state === "success" ? "status" : "alert"}>
        {translateAccountMessage(t, message)}
      </p>
      <div className="button-row">
        {state === "success" ? (
          <Link to={withAccountView("/", "login")} className="button button-primary">
            {t("verify.toLogin")}
          </Link>
        ) : (
          <Link to="/" className="button button-secondary">
            {t("verify.toHome")}
          </Link>
        )}
      </div>
    </AccountPageCard>
  );
}
