import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Spinner } from "~/components/account/form-message";
import type { NewsletterState } from "~/domain/my-account";
import styles from "./my-account.module.css";
import { type SectionOutcome, myAccountPath } from "./my-account-types";
import { Intent, Outcome, Section } from "./section";
import { useAccountCall } from "./use-account-call";

/** Subscribed or not, and one button to switch (a pending subscription is confirmed by it). */
export function NewsletterCard({ state, fromServer }: { state: NewsletterState; fromServer: SectionOutcome | null }) {
  const { t } = useTranslation("my-account");
  const revalidator = useRevalidator();
  const { pending, call } = useAccountCall();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(fromServer);
  const subscribe = state !== "subscribed";

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = await call("/api/me/newsletter", "POST", { subscribed: subscribe });
    if (!answer) return;
    setOutcome(answer);
    if (answer.ok) void revalidator.revalidate();
  }

  return (
    <Section id="newsletter" title={t("sections.newsletter")}>
      <p className={styles.state} data-state={state}>
        {t(`newsletter.${state}`)}
      </p>
      <Outcome outcome={outcome} />
      <form method="post" action={`${myAccountPath}#newsletter`} className={styles.inlineForm} onSubmit={submit}>
        <Intent value="newsletter" />
        <input type="hidden" name="subscribed" value={subscribe ? "true" : "false"} />
        <button
          type="submit"
          className={`button ${subscribe ? "button-primary" : "button-secondary"}`}
          disabled={pending || revalidator.state === "loading"}
        >
          {pending ? <Spinner /> : null}
          {t(
            state === "subscribed"
              ? "newsletter.unsubscribe"
              : state === "pending"
                ? "newsletter.confirm"
                : "newsletter.subscribe",
          )}
        </button>
      </form>
    </Section>
  );
}
