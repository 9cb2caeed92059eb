import { useTranslation } from "react-i18next";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/imc";
import { ImcCalculator } from "~/components/tools/imc-calculator";
import { ImcExplanations } from "~/components/tools/imc-explanations";
import { ARTICLE_PARAM, ToolArticles } from "~/components/tools/tool-articles";
import { pageTitle } from "~/lib/page-title";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { readFormData, runImcCalculator } from "~/services/calculators.server";
import { toolContent } from "~/services/tool-content.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const content = toolContent(getLocale(context));
  return {
    title: getInstance(context).t("tools:imc.title"),
    explanations: content.explanations,
    articles: content.imcArticles,
    openArticleId: new URL(request.url).searchParams.get(ARTICLE_PARAM),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await runImcCalculator(context, request, await readFormData(request));
  return data(outcome.data, { status: outcome.status });
}

/** The texts do not change with a calculation: a fetcher post needs no reload of them. */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === "POST" && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function ImcPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tools");
  return (
    <>
      <section className="section" aria-labelledby="imc-title">
        <div className="section-inner">
          <p className="eyebrow">{t("imc.eyebrow")}</p>
          <h1 id="imc-title">{t("imc.heading")}</h1>
          <p className="section-intro">{t("imc.intro")}</p>
          <ImcCalculator serverData={actionData ?? null} />
        </div>
      </section>
      <ImcExplanations blocks={loaderData.explanations} />
      <ToolArticles
        id="articles"
        title={t("imc.articlesTitle")}
        intro={t("imc.articlesIntro")}
        articles={loaderData.articles}
        openArticleId={loaderData.openArticleId}
      />
    </>
  );
}
