import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Spinner } from "~/components/account/form-message";
import { forgetSignedInUser } from "~/components/account/account-storage";
import { withAccountView } from "~/components/account/account-url";
import { LogoutIcon } from "~/components/layout/icons";
import styles from "./my-account.module.css";
import { type SectionOutcome, myAccountPath } from "./my-account-types";
import { Intent, Outcome, Section } from "./section";
import { useAccountCall } from "./use-account-call";

/** The page the account's last session lands on: the login view, with what happened. */
export const afterLogoutEverywhere = withAccountView("/", "login");

/**
 * Ends every session of the account, this one included, then shows the
 * login view with the outcome. With JavaScript: POST /api/me/logout-all,
 * then the spec's stored token is removed too.
 */
export function SessionsCard({ fromServer }: { fromServer: SectionOutcome | null }) {
  const { t } = useTranslation("my-account");
  const navigate = useNavigate();
  const { pending, call } = useAccountCall();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(fromServer);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = await call("/api/me/logout-all", "POST");
    if (!answer) return;
    if (!answer.ok) {
      setOutcome(answer);
      return;
    }
    forgetSignedInUser();
    navigate(afterLogoutEverywhere, { state: { accountNotice: answer.message } });
  }

  return (
    <Section id="sessions" title={t("sections.sessions")}>
      <p className={styles.text}>{t("sessions.intro")}</p>
      <Outcome outcome={outcome} />
      <form method="post" action={myAccountPath} className={styles.inlineForm} onSubmit={submit}>
        <Intent value="logout-all" />
        <button type="submit" className="button button-secondary" disabled={pending}>
          {pending ? <Spinner /> : <LogoutIcon />}
          {t("sessions.submit")}
        </button>
      </form>
    </Section>
  );
}
