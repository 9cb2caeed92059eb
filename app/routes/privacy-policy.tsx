import { Link } from "react-router";
import { textList } from "~/lib/text-list";
import type { Route } from "./+types/privacy-policy";
import { LegalPage } from "~/components/legal/legal-page";
import { useLegalT } from "~/lib/legal-texts";
import styles from "~/components/legal/legal-links.module.css";
import { getServices } from "~/context.server";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";
import { legalTexts } from "~/services/legal-texts.server";

const sections = [
  "controller",
  "collected",
  "purposes",
  "retention",
  "recipients",
  "security",
  "rights",
  "minors",
  "cookies",
  "changes",
] as const;

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  const contactEmail = getServices(context).config.contactTo;
  return {
    title: t("privacy.title", { ns: "legal" }),
    description: t("privacy.intro", { ns: "legal", email: contactEmail }),
    contactEmail,
    // The legal texts come with the data (server-only `legal` namespace).
    texts: legalTexts(context, "privacy"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const t = useLegalT(loaderData.texts);
  const email = loaderData.contactEmail;
  // The contact form opens with the subject filled in.
  const deletionRequest = `/contact?${new URLSearchParams({ sujet: t("privacy.deleteSubject") })}#contact`;
  return (
    <LegalPage
      t={t}
      page="privacy"
      sections={sections}
      values={{ email }}
      after={{
        rights: (
          <>
            {textList(t("privacy.rightsAfter", { email, returnObjects: true, defaultValue: [] })).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p>
              <Link to="/mon-compte">{t("privacy.myAccountLink")}</Link>
            </p>
          </>
        ),
        cookies: (
          <p>
            <Link to="/cookies">{t("privacy.cookiesLink")}</Link>
          </p>
        ),
      }}
      footer={
        <section className={styles.links} aria-labelledby="delete-data-title">
          <h2 id="delete-data-title">{t("privacy.deleteTitle")}</h2>
          <p>{t("privacy.deleteText")}</p>
          <ul>
            <li>
              <Link to="/mon-compte#delete" className="button button-primary">
                {t("privacy.myAccountLink")}
              </Link>
            </li>
            <li>
              <Link to={deletionRequest} className="button button-secondary">
                {t("privacy.deleteByForm")}
              </Link>
            </li>
            <li>
              <a
                href={`mailto:${email}?subject=${encodeURIComponent(t("privacy.deleteSubject"))}`}
                className="button button-ghost"
              >
                {t("privacy.deleteByMail", { email })}
              </a>
            </li>
          </ul>
        </section>
      }
    />
  );
}
