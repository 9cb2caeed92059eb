import { useTranslation } from "react-i18next";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  useNavigation,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
import { MY_ACCOUNT_BODY_LIMIT_BYTES } from "~/domain/my-account";
import type { Route } from "./+types/mon-compte.email";
import { FormMessage, Spinner } from "~/components/account/form-message";
import { AccountPageCard } from "~/components/account/account-page-card";
import pageStyles from "~/components/account/account-page.module.css";
import { withAccountView } from "~/components/account/account-url";
import { myAccountT, translateMyAccountMessage } from "~/lib/my-account-http.server";
import { pageTitle } from "~/lib/page-title";
import { answeredOr, revalidateUnlessUnanswered } from "~/lib/unanswered-action";
import type { RootLoaderData } from "~/lib/root-loader-data";
import { confirmEmailChange } from "~/services/my-account.server";

// The link sent to a new address. Opening it only shows a button: the
// change happens when the button posts, so a mail scanner that opens every
// link cannot make the change for the reader. The token is the proof: no
// session is needed.

export const handle = { i18n: ["my-account", "account"], bodyLimitBytes: MY_ACCOUNT_BODY_LIMIT_BYTES };

// The token is in the address: keep it out of caches.
const noStore = { "Cache-Control": "no-store" };

type ConfirmAnswer =
  | { ok: boolean; message: string }
  /** With JavaScript, when no answer of the action came back: translated by the page. */
  | { ok: false; fallback: "serverError" | "httpError" | "network"; status?: number };

export function loader({ context }: Route.LoaderArgs) {
  return data({ title: myAccountT(context)("emailConfirm.title", { ns: "my-account" }) }, { headers: noStore });
}

export function headers() {
  return noStore;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const outcome = await confirmEmailChange(context, form.get("token"));
  const answer: ConfirmAnswer = {
    ok: outcome.ok,
    message: translateMyAccountMessage(myAccountT(context), outcome.message),
  };
  return data(answer, { status: outcome.ok ? 200 : outcome.status, headers: noStore });
}

/**
 * With JavaScript: an answer that is not the action's (a proxy's error
 * page, the network down) becomes the fallback message instead of the
 * error screen.
 */
export function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ConfirmAnswer> {
  return answeredOr<ConfirmAnswer>(
    async () => (await serverAction()) as ConfirmAnswer,
    (error): ConfirmAnswer =>
      isRouteErrorResponse(error)
        ? { ok: false, fallback: error.status === 500 ? "serverError" : "httpError", status: error.status }
        : { ok: false, fallback: "network" },
  );
}

/** Nothing changed when the action got no answer: reloading the page's data would only fail again. */
export const shouldRevalidate = revalidateUnlessUnanswered;

export default function EmailConfirmPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("my-account");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const navigation = useNavigation();
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const busy = navigation.state === "submitting";
  const message =
    actionData &&
    ("message" in actionData
      ? actionData.message
      : t(`fallback.${actionData.fallback}`, { status: actionData.status }));

  const done = actionData?.ok === true;
  return (
    <AccountPageCard tone={done ? "success" : actionData ? "error" : "neutral"} title={t("emailConfirm.title")}>
      {actionData ? (
        <FormMessage tone={actionData.ok ? "success" : "error"}>
          <p>{message}</p>
        </FormMessage>
      ) : (
        <p className={pageStyles.text}>{t("emailConfirm.text")}</p>
      )}
      {done ? null : (
        <Form method="post" className={pageStyles.form}>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? (
              <>
                <Spinner />
                {t("emailConfirm.pending")}
              </>
            ) : (
              t("emailConfirm.submit")
            )}
          </button>
        </Form>
      )}
      <div className="button-row">
        {rootData?.user ? (
          <Link to="/mon-compte" className="button button-secondary">
            {t("emailConfirm.toAccount")}
          </Link>
        ) : (
          <Link to={withAccountView("/", "login")} className="button button-secondary">
            {t("signedOut.login")}
          </Link>
        )}
      </div>
    </AccountPageCard>
  );
}
