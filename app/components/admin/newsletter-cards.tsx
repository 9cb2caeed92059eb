import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "~/lib/date-format";
import type { NewsletterView } from "~/services/newsletters.server";
import styles from "./admin.module.css";

export const newsletterDeletionParam = "supprimer-newsletter";
export const newsletterDeletionHref = (id: string) => `/admin?onglet=newsletter&${newsletterDeletionParam}=${id}`;

/**
 * Newsletter cards: title, status label (Brouillon, Programmée, Envoyée,
 * Échec), subject and dates; each expands to its content (sanitized HTML,
 * shown as a mail would be). Edit and delete unless sending or sent.
 */
export function NewsletterCards({
  newsletters,
  language,
  emptyText,
  currentId,
}: {
  newsletters: NewsletterView[];
  language: string;
  emptyText: string;
  /** The one being edited on the screen, marked as such. */
  currentId?: string;
}) {
  const { t } = useTranslation("admin");
  if (newsletters.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={styles.list}>
      {newsletters.map((newsletter) => (
        <li
          key={newsletter._id}
          className={`card ${styles.item}`}
          aria-current={newsletter._id === currentId ? "true" : undefined}
        >
          <div className={styles.itemHeader}>
            <h3 className={styles.itemTitle}>{newsletter.title}</h3>
            <span className={`${styles.state} ${styles[`status-${newsletter.status}`]}`}>
              {t(`newsletter.status.${newsletter.status}`)}
              {newsletter.sending ? ` · ${t("newsletter.sending")}` : ""}
            </span>
          </div>
          <p className={styles.subject}>{t("newsletter.subject", { subject: newsletter.subject })}</p>
          <p className={styles.metaLine}>
            {newsletter.status === "sent" && newsletter.sentAt
              ? t("newsletter.sentOn", {
                  date: formatDate(language, newsletter.sentAt, { withTime: true }),
                  count: newsletter.recipientCount ?? 0,
                })
              : t("newsletter.scheduledFor", {
                  date: formatDate(language, newsletter.scheduledDate, { withTime: true }),
                })}
          </p>
          {newsletter.status === "failed" && newsletter.failureReason ? (
            <p className={styles.failure}>{t("newsletter.failureReason", { reason: newsletter.failureReason })}</p>
          ) : null}
          <details className={styles.details}>
            <summary>{t("newsletter.showContent")}</summary>
            {/* Sanitized on the server when saved and again when loaded: no script, handler or javascript: URL. */}
            <div className={styles.mailPreview} dangerouslySetInnerHTML={{ __html: newsletter.content }} />
          </details>
          {newsletter.locked ? (
            <p className={styles.lockedHint}>{t("newsletter.lockedHint")}</p>
          ) : (
            <div className={styles.actions}>
              <Link
                to={`/admin/newsletter/${newsletter._id}`}
                className="button button-secondary"
                aria-label={t("newsletter.editNamed", { title: newsletter.title })}
              >
                {t("newsletter.edit")}
              </Link>
              <Link
                to={newsletterDeletionHref(newsletter._id)}
                className={`button ${styles.deleteButton}`}
                aria-label={t("newsletter.deleteNamed", { title: newsletter.title })}
              >
                {t("newsletter.delete")}
              </Link>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
