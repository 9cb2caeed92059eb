import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/reset-password";
import { PasswordField } from "~/components/account/account-fields";
import { FormMessage, Spinner } from "~/components/account/form-message";
import { translateAccountMessage } from "~/components/account/account-messages";
import { AccountPageCard } from "~/components/account/account-page-card";
import pageStyles from "~/components/account/account-page.module.css";
import accountStyles from "~/components/account/account.module.css";
import { withAccountView } from "~/components/account/account-url";
import { ACCOUNT_TIMINGS, type AccountMessage, accountMessage, resetErrors } from "~/domain/account";
import { withMinimumDuration } from "~/lib/minimum-duration";
import { pageTitle } from "~/lib/page-title";
import { revalidateUnlessUnanswered, unanswered } from "~/lib/unanswered-action";
import { useHydrated } from "~/lib/use-hydrated";
import { getInstance } from "~/middleware/i18next.server";
import { resetPassword } from "~/services/auth/accounts.server";

// The link of the reset mail: choose a new password. The form posts to this
// route's action (the resetPassword use case, which also ends every session
// of the account). With JavaScript the busy state lasts at least 6 s and a
// success leads home after 1.2 s; without, the page says so with a link home.

interface ResetActionData {
  ok: boolean;
  message: AccountMessage;
  field?: "token" | "password" | "confirmation";
}

// The token is in the address: keep it out of caches.
const noStore = { "Cache-Control": "no-store" };

export const handle = { i18n: ["account"] };

export function loader({ context }: Route.LoaderArgs) {
  return data({ title: getInstance(context).t("reset.title", { ns: "account" }) }, { headers: noStore });
}

export function headers() {
  return noStore;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const result = await resetPassword(context, {
    token: form.get("token"),
    password: form.get("password"),
    confirmation: form.get("confirmation"),
  });
  if (result.ok) return data<ResetActionData>({ ok: true, message: result.message }, { headers: noStore });
  return data<ResetActionData>(
    { ok: false, message: result.message, field: result.field ?? "token" },
    { status: result.status, headers: noStore },
  );
}

/** With JavaScript only: the spec pads the busy state to at least 6 s, counted from the submit. */
export function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ResetActionData> {
  return withMinimumDuration<ResetActionData>(
    ACCOUNT_TIMINGS.resetMinimumMs,
    serverAction,
    unanswered<ResetActionData>({ ok: false, message: accountMessage("resetFailed") }),
  );
}

/** After a reset that never reached the server, the page and its message stay. */
export const shouldRevalidate = revalidateUnlessUnanswered;

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [touched, setTouched] = useState(false);
  const translate = (message: AccountMessage) => translateAccountMessage(t, message);

  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const succeeded = actionData?.ok === true;

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate("/"), ACCOUNT_TIMINGS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  if (!token || actionData?.field === "token") {
    return (
      <AccountPageCard tone="error" title={t("reset.title")}>
        <p className={pageStyles.message} role="alert">
          {translate(actionData?.message ?? accountMessage("resetTokenMissing"))}
        </p>
        <div className="button-row">
          <Link to={withAccountView("/", "forgot")} className="button button-primary">
            {t("reset.requestNewLink")}
          </Link>
        </div>
      </AccountPageCard>
    );
  }

  if (succeeded) {
    return (
      <AccountPageCard tone="success" title={t("reset.title")}>
        <output className={pageStyles.message}>{translate(actionData.message)}</output>
        <div className="button-row">
          <Link to="/" className="button button-primary">
            {t("reset.toHome")}
          </Link>
        </div>
      </AccountPageCard>
    );
  }

  // The spec's order: the password, then its confirmation; shown once the form was touched.
  const checked = resetErrors({ token, password, confirmation });
  const problem = !checked.ok && hydrated && touched ? checked : null;
  const refusal = actionData && !actionData.ok && !problem ? actionData : null;
  const errorFor = (field: "password" | "confirmation") =>
    problem?.field === field
      ? translate(problem.message)
      : refusal?.field === field
        ? translate(refusal.message)
        : null;

  return (
    <AccountPageCard tone="neutral" title={t("reset.title")}>
      <p className={pageStyles.text}>{t("reset.intro")}</p>
      {refusal && refusal.field !== "password" && refusal.field !== "confirmation" ? (
        <FormMessage tone="error">
          <p>{translate(refusal.message)}</p>
        </FormMessage>
      ) : null}
      <Form method="post" className={pageStyles.form} noValidate aria-busy={busy}>
        <input type="hidden" name="token" value={token} />
        <PasswordField
          id="reset-password"
          name="password"
          label={t("reset.password")}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={errorFor("password")}
          autoComplete="new-password"
          required
          disabled={busy}
        />
        <PasswordField
          id="reset-confirmation"
          name="confirmation"
          label={t("reset.confirmation")}
          value={confirmation}
          onChange={(value) => {
            setConfirmation(value);
            setTouched(true);
          }}
          error={errorFor("confirmation")}
          autoComplete="new-password"
          required
          disabled={busy}
        />
        <button
          type="submit"
          className={`button button-primary ${busy ? accountStyles.pending : ""}`}
          disabled={hydrated && (busy || !checked.ok)}
        >
          {busy ? (
            <>
              <Spinner />
              {t("reset.busy")}
            </>
          ) : (
            t("reset.submit")
          )}
        </button>
      </Form>
    </AccountPageCard>
  );
}
