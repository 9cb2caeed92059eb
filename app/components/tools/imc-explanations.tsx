import { useTranslation } from "react-i18next";
import { isExternalHref, safeHref } from "~/domain/article-text";
import type { ExplanationBlock } from "~/domain/tool-content";
import styles from "./imc-explanations.module.css";

/**
 * The IMC explanation blocks: a title and an intro, and a <details> that
 * unfolds the rest and its link. <details> opens and closes with or without
 * JavaScript and tells screen readers whether it is expanded.
 */
export function ImcExplanations({ blocks }: { blocks: ExplanationBlock[] }) {
  const { t } = useTranslation("tools");
  if (blocks.length === 0) return null;
  return (
    <section id="comprendre" className="section" aria-labelledby="comprendre-title">
      <div className="section-inner">
        <h2 id="comprendre-title">{t("imc.explanationsTitle")}</h2>
        <p className="section-intro">{t("imc.explanationsIntro")}</p>
        <ul className={styles.blocks}>
          {blocks.map((block) => (
            <li key={block.id} className={styles.block}>
              <h3 className={styles.title}>{block.titre}</h3>
              <p>{block.intro}</p>
              {block.more || block.link ? (
                <details className={`disclosure ${styles.more}`}>
                  <summary>
                    {t("imc.readMore")}
                    <span className="visually-hidden">
                      {t("common:a11y.labelSeparator")}
                      {block.titre}
                    </span>
                  </summary>
                  <div className={styles.moreBody}>
                    {block.more.split(/\n\s*\n/).map((paragraph, index) => (
                      <p key={index}>{paragraph}</p>
                    ))}
                    <ExplanationLink link={block.link ?? null} />
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ExplanationLink({ link }: { link: ExplanationBlock["link"] | null }) {
  const { t } = useTranslation();
  const href = link ? safeHref(link.href) : null;
  if (!link || !href) return null;
  if (isExternalHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
        {link.label}
        <span className="visually-hidden"> {t("footer.opensInNewTab")}</span>
      </a>
    );
  }
  return (
    <a href={href} className={styles.link}>
      {link.label}
    </a>
  );
}
