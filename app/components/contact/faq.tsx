import { useTranslation } from "react-i18next";
import { textList } from "~/lib/text-list";
import styles from "./faq.module.css";

/** The questions, in the order shown; texts in locales/xx/contact.json under faq.items.<id>. */
export const faqEntries = ["imc", "formula", "data", "free", "languages", "workout", "medical"] as const;

/** Each entry is a <details>: it opens and closes without JavaScript, and says so to screen readers. */
export function Faq() {
  const { t } = useTranslation("contact");
  return (
    <section className={styles.faq} aria-labelledby="faq-title">
      <h2 id="faq-title">{t("faq.title")}</h2>
      <p className={styles.intro}>{t("faq.intro")}</p>
      <div className={styles.list}>
        {faqEntries.map((id) => (
          <details key={id} id={`faq-${id}`} className={styles.item}>
            <summary className={styles.question}>
              <span>{t(`faq.items.${id}.question`)}</span>
              <svg
                className={styles.chevron}
                viewBox="0 0 24 24"
                width="20"
                height="20"
                aria-hidden="true"
                focusable="false"
              >
                <path d="M6 9l6 6 6-6" />
              </svg>
            </summary>
            <div className={styles.answer}>
              {textList(t(`faq.items.${id}.answer`, { returnObjects: true })).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
