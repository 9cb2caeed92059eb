import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import styles from "./admin.module.css";

export type AdminTab = "avis" | "newsletter";

export const adminTabHref = (tab: AdminTab) => (tab === "avis" ? "/admin" : "/admin?onglet=newsletter");

/**
 * The admin area's frame: its title, 'Retour au site', and the two tabs,
 * plain links (they work without JavaScript; each is its own address).
 */
export function AdminShell({ tab, children }: { tab: AdminTab; children: React.ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>{t("title")}</h1>
          <p className={styles.intro}>{t("intro")}</p>
        </div>
        <Link to="/" className="button button-secondary">
          {t("backToSite")}
        </Link>
      </header>
      <nav className={styles.tabs} aria-label={t("tabs.label")}>
        {(["avis", "newsletter"] as const).map((each) => (
          <Link
            key={each}
            to={adminTabHref(each)}
            className={styles.tab}
            aria-current={each === tab ? "page" : undefined}
          >
            {each === "avis" ? t("tabs.reviews") : t("tabs.newsletter")}
          </Link>
        ))}
      </nav>
      <div className={styles.panel}>{children}</div>
    </div>
  );
}
