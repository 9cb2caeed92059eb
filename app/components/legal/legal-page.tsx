import type { TFunction } from "~/i18n/translator";
import { textList } from "~/lib/text-list";
import type { LegalPageKey } from "~/lib/legal-texts";
import styles from "./legal-page.module.css";

/**
 * A long legal text: header, a table of contents, then one <section> per
 * id, each read from locales/xx/legal.json (`<page>.sections.<id>`: a title,
 * paragraphs and/or items) through `t` (useLegalT: the page's loader sends
 * its texts). `after` adds blocks below a section (tables, buttons),
 * `values` fills {{placeholders}} such as the site's e-mail.
 */
export function LegalPage({
  t,
  page,
  sections,
  values,
  after = {},
  footer,
}: {
  t: TFunction;
  page: LegalPageKey;
  sections: readonly string[];
  values?: Record<string, string>;
  after?: Partial<Record<string, React.ReactNode>>;
  footer?: React.ReactNode;
}) {
  return (
    <article className={styles.page} aria-labelledby="legal-title">
      <header className={styles.header}>
        <p className="eyebrow">{t(`${page}.eyebrow`)}</p>
        <h1 id="legal-title">{t(`${page}.title`)}</h1>
        <p className={styles.updated}>{t("updated")}</p>
        <p className="lead">{t(`${page}.intro`, values)}</p>
      </header>
      <nav className={styles.toc} aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title">{t("onThisPage")}</h2>
        <ol>
          {sections.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`${page}.sections.${id}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((id) => {
        const base = `${page}.sections.${id}`;
        const paragraphs = textList(t(`${base}.paragraphs`, { ...values, returnObjects: true, defaultValue: [] }));
        const items = textList(t(`${base}.items`, { ...values, returnObjects: true, defaultValue: [] }));
        return (
          <section key={id} id={id} className={styles.section} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>{t(`${base}.title`)}</h2>
            {paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {items.length > 0 ? (
              <ul className={styles.items}>
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {after[id]}
          </section>
        );
      })}
      {footer}
    </article>
  );
}
