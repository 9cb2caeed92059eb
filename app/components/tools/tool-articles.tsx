import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Modal } from "~/components/ui/modal";
import { ARTICLE_PARAM, articleBlocks, safeHref } from "~/domain/article-text";
import type { Article } from "~/domain/tool-content";
import { useHydrated } from "~/lib/use-hydrated";
import styles from "./tool-articles.module.css";

interface ToolArticlesProps {
  id: string;
  title: string;
  intro: string;
  articles: Article[];
  /** The article named by ?article= on this request, shown in full in the page. */
  openArticleId: string | null;
}

/**
 * The article cards of a tool page. Each card links to the same page with
 * ?article=<id>#article, where the server renders the article in full; with
 * JavaScript the link opens a dialog instead, which switches between the
 * short version (excedent) and the full text.
 */
export function ToolArticles({ id, title, intro, articles, openArticleId }: ToolArticlesProps) {
  const { t } = useTranslation("tools");
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [dialogArticle, setDialogArticle] = useState<Article | null>(null);
  const [fullView, setFullView] = useState(false);
  const inlineArticle = articles.find((article) => article.id === openArticleId) ?? null;

  function hrefFor(article: Article) {
    const params = new URLSearchParams(search);
    params.set(ARTICLE_PARAM, article.id);
    return `${pathname}?${params.toString()}#article`;
  }
  const closedHref = (() => {
    const params = new URLSearchParams(search);
    params.delete(ARTICLE_PARAM);
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}#${id}`;
  })();

  function openInDialog(event: React.MouseEvent<HTMLAnchorElement>, article: Article) {
    // Let new-tab clicks (Ctrl, middle button...) do what the user asked.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setFullView(false);
    setDialogArticle(article);
  }

  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`}>
      <div className="section-inner">
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="section-intro">{intro}</p>
        {inlineArticle ? (
          <article id="article" className={styles.inline} aria-labelledby="article-title" tabIndex={-1}>
            <ArticleImage article={inlineArticle} className={styles.inlineImage} />
            <h3 id="article-title" className={styles.inlineTitle}>
              {inlineArticle.titre}
            </h3>
            {inlineArticle.excedent ? <p className={styles.lead}>{inlineArticle.excedent}</p> : null}
            <ArticleBody article={inlineArticle} headingLevel={4} />
            <Link to={closedHref} className="button button-secondary">
              {t("articles.closeArticle")}
            </Link>
          </article>
        ) : null}
        {articles.length === 0 ? (
          <p className={styles.empty}>{t("articles.empty")}</p>
        ) : (
          <ul className={styles.cards}>
            {articles.map((article) => (
              <li key={article.id} className={styles.card}>
                <ArticleImage article={article} className={styles.cardImage} />
                <div className={styles.cardBody}>
                  <h3 className={styles.cardTitle}>{article.titre}</h3>
                  {article.description ? <p className={styles.cardText}>{article.description}</p> : null}
                  <a
                    href={hrefFor(article)}
                    className={`button button-secondary ${styles.cardButton}`}
                    onClick={(event) => openInDialog(event, article)}
                    aria-haspopup={hydrated ? "dialog" : undefined}
                    aria-label={t("articles.readTitle", { title: article.titre })}
                  >
                    {t("articles.read")}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {hydrated ? (
        <Modal
          open={dialogArticle !== null}
          onClose={() => setDialogArticle(null)}
          labelledBy={`${id}-dialog-title`}
          closeLabel={t("articles.close")}
          size="large"
        >
          {dialogArticle ? (
            <div className={styles.dialogArticle}>
              <ArticleImage article={dialogArticle} className={styles.dialogImage} />
              <h2 id={`${id}-dialog-title`} className={styles.dialogTitle}>
                {dialogArticle.titre}
              </h2>
              {fullView ? (
                <ArticleBody article={dialogArticle} headingLevel={3} />
              ) : (
                <p className={styles.lead}>{dialogArticle.excedent || dialogArticle.description}</p>
              )}
              {dialogArticle.fullContent ? (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setFullView((full) => !full)}
                  aria-expanded={fullView}
                >
                  {fullView ? t("articles.showLess") : t("articles.readMore")}
                </button>
              ) : null}
            </div>
          ) : null}
        </Modal>
      ) : null}
    </section>
  );
}

function ArticleImage({ article, className }: { article: Article; className: string | undefined }) {
  const src = article.image ? safeHref(article.image) : null;
  if (!src) return null;
  return <img src={src} alt={article.alt} className={className} loading="lazy" decoding="async" />;
}

/** The full text, paragraph by paragraph; "## " lines become subheadings. */
function ArticleBody({ article, headingLevel }: { article: Article; headingLevel: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  const blocks = articleBlocks(article.fullContent);
  return (
    <div className={styles.body}>
      {blocks.map((block, index) =>
        block.kind === "heading" ? (
          <Heading key={index} className={styles.bodyHeading}>
            {block.text}
          </Heading>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </div>
  );
}
