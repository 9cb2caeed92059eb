import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { RootLoaderData } from "~/lib/root-loader-data";
import type { AccountOverview } from "~/services/my-account.server";
import { DataCard } from "./data-card";
import { DeleteForm } from "./delete-form";
import { EmailForm } from "./email-form";
import styles from "./my-account.module.css";
import type { MyAccountSection, SectionOutcome } from "./my-account-types";
import { NewsletterCard } from "./newsletter-card";
import { PasswordForm } from "./password-form";
import { PhotoCard } from "./photo-card";
import { ProfileCard } from "./profile-card";
import { SessionsCard } from "./sessions-card";

const sectionOrder = ["profile", "photo", "password", "email", "newsletter", "sessions", "data", "delete"] as const;

/** The signed-in page: one card per thing a person can do with their account. */
export function MyAccountPage({ account, outcome }: { account: AccountOverview; outcome: SectionOutcome | null }) {
  const { t, i18n } = useTranslation("my-account");
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const language = rootData?.language ?? i18n.language;
  const outcomeOf = (section: MyAccountSection) => (outcome?.section === section ? outcome : null);
  // Keyed by the outcome: a new answer from the server starts the form afresh.
  const keyOf = (section: MyAccountSection) => `${section}-${outcomeOf(section)?.message ?? ""}`;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </header>
      <nav className={styles.toc} aria-label={t("sections.nav")}>
        <ul>
          {sectionOrder.map((section) => (
            <li key={section}>
              <a href={`#${section}`}>{t(`sections.${section}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <ProfileCard
        pseudo={account.pseudo}
        email={account.email}
        emailVerified={account.emailVerified}
        memberSince={account.memberSince}
        language={language}
      />
      <PhotoCard key={keyOf("photo")} photo={account.photo} fromServer={outcomeOf("photo")} />
      <PasswordForm key={keyOf("password")} username={account.email} fromServer={outcomeOf("password")} />
      <EmailForm
        key={keyOf("email")}
        currentEmail={account.email}
        pending={account.pendingEmail}
        language={language}
        fromServer={outcomeOf("email")}
      />
      <NewsletterCard key={keyOf("newsletter")} state={account.newsletter} fromServer={outcomeOf("newsletter")} />
      <SessionsCard key={keyOf("sessions")} fromServer={outcomeOf("sessions")} />
      <DataCard fromServer={outcomeOf("data")} />
      <DeleteForm key={keyOf("delete")} fromServer={outcomeOf("delete")} />
    </div>
  );
}
