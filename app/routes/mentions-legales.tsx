import { Link } from "react-router";
import type { Route } from "./+types/mentions-legales";
import { LegalPage } from "~/components/legal/legal-page";
import { useLegalT } from "~/lib/legal-texts";
import styles from "~/components/legal/legal-links.module.css";
import { getServices } from "~/context.server";
import type { TFunction } from "~/i18n/translator";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";
import { legalNoticeValues, legalTexts } from "~/services/legal-texts.server";

const sections = ["publisher", "hosting", "property", "health", "liability", "privacy"] as const;

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  const { config } = getServices(context);
  const contactEmail = config.contactTo;
  return {
    title: t("mentions.title", { ns: "legal" }),
    description: t("mentions.intro", { ns: "legal", email: contactEmail }),
    contactEmail,
    publisherAndHost: legalNoticeValues(config.legalNotice, (variable) =>
      t("mentions.unset", { ns: "legal", variable }),
    ),
    // The legal texts come with the data (server-only `legal` namespace).
    texts: legalTexts(context, "mentions"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function LegalNotice({ loaderData }: Route.ComponentProps) {
  const t = useLegalT(loaderData.texts);
  return (
    <LegalPage
      t={t}
      page="mentions"
      sections={sections}
      values={{ email: loaderData.contactEmail, ...loaderData.publisherAndHost }}
      footer={
        <nav className={styles.links} aria-labelledby="see-also-title">
          <h2 id="see-also-title">{t("mentions.seeAlso")}</h2>
          <ul>
            {/* The spec: these two open in a new tab, so the notice stays open. */}
            <li>
              <NewTabLink href="/privacy-policy" t={t}>
                {t("mentions.privacyLink")}
              </NewTabLink>
            </li>
            <li>
              <NewTabLink href="/cookies" t={t}>
                {t("mentions.cookiesLink")}
              </NewTabLink>
            </li>
            <li>
              {/* A button like its neighbours: a borderless one read as loose text under them. */}
              <Link to="/contact" className="button button-secondary">
                {t("contactLink")}
              </Link>
            </li>
          </ul>
        </nav>
      }
    />
  );
}

/** A link that opens in a new tab, and says so: an icon, and words for screen readers. */
function NewTabLink({ href, t, children }: { href: string; t: TFunction; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="button button-secondary">
      {children}
      <NewTabIcon />
      <span className="visually-hidden"> {t("newTab")}</span>
    </a>
  );
}

function NewTabIcon() {
  return (
    <svg className={styles.newTabIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}
