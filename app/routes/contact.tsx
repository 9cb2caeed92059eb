import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/contact";
import { type ContactActionData, ContactForm } from "~/components/contact/contact-form";
import { translatedContactMessages } from "~/components/contact/contact-messages";
import { Faq } from "~/components/contact/faq";
import styles from "~/components/contact/contact-page.module.css";
import { getClientAddress, getServices } from "~/context.server";
import { CONTACT_LIMITS, CONTACT_TIMINGS } from "~/domain/contact";
import { createContactSchema } from "~/domain/contact-schema";
import { boundedReply } from "~/lib/bounded-reply";
import { withMinimumDuration } from "~/lib/minimum-duration";
import { pageTitle } from "~/lib/page-title";
import { revalidateUnlessUnanswered, unanswered } from "~/lib/unanswered-action";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { sendContactMessage } from "~/services/contact.server";

export const handle = { i18n: ["contact"] };

export function loader({ request, context }: Route.LoaderArgs) {
  // ?sujet= pre-fills the subject (the privacy policy's "delete my data" link uses it).
  const prefilledSubject = (new URL(request.url).searchParams.get("sujet") ?? "").slice(0, CONTACT_LIMITS.sujet);
  const { t } = getInstance(context);
  return { title: t("title", { ns: "contact" }), description: t("intro", { ns: "contact" }), prefilledSubject };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

/** What the form may get back of what was typed: its own fields, each within its limit. */
const CONTACT_ECHO_LIMITS = { ...CONTACT_LIMITS, consent: 8 };

export async function action({ request, context }: Route.ActionArgs) {
  const messages = translatedContactMessages(getInstance(context).t);
  const formData = await request.formData().catch(() => new FormData());
  // Our schema reads the raw strings itself (blank = missing), the same way for JSON.
  const submission = parseWithZod(formData, { schema: createContactSchema(messages), disableAutoCoercion: true });
  const reply = (options?: { resetForm: boolean }) => boundedReply(submission.reply(options), CONTACT_ECHO_LIMITS);
  if (submission.status !== "success") {
    return data<ContactActionData>({ status: "invalid", result: reply() }, { status: 400 });
  }
  const outcome = await sendContactMessage(getServices(context), submission.value, {
    clientAddress: getClientAddress(context),
    locale: getLocale(context),
  });
  switch (outcome.status) {
    case "sent":
      return data<ContactActionData>({ status: "sent", result: reply({ resetForm: true }) });
    case "rate-limited":
      return data<ContactActionData>(
        { status: "rate-limited", result: reply(), message: messages.tooManyRequests },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "failed":
      return data<ContactActionData>({ status: "failed", result: reply(), message: messages.failure }, { status: 500 });
  }
}

/**
 * With JavaScript only: the spec pads the sending state to at least 6 s,
 * counted from the submit. A request that never reaches the server (offline)
 * becomes the failure message instead of an error page.
 */
export function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactActionData> {
  return withMinimumDuration<ContactActionData>(
    CONTACT_TIMINGS.minimumSendingMs,
    serverAction,
    unanswered<ContactActionData>({ status: "failed" }),
  );
}

/** After a send that never reached the server, the page and what was typed stay as they are. */
export const shouldRevalidate = revalidateUnlessUnanswered;

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contact");
  return (
    <>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <p className="eyebrow">{t("eyebrow")}</p>
          <h1>{t("heading")}</h1>
          <p className="lead">{t("intro")}</p>
        </div>
      </header>
      <div className={styles.layout}>
        <Faq />
        <section id="contact" className={`card ${styles.formCard}`} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t("form.title")}</h2>
          <p className={styles.formIntro}>{t("form.intro")}</p>
          <ContactForm actionData={actionData} prefilledSubject={loaderData.prefilledSubject} />
        </section>
      </div>
    </>
  );
}
