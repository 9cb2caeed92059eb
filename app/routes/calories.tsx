import { useTranslation } from "react-i18next";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/calories";
import { CalorieCalculator } from "~/components/tools/calorie-calculator";
import { ARTICLE_PARAM, ToolArticles } from "~/components/tools/tool-articles";
import { pageTitle } from "~/lib/page-title";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { readFormData, runCalorieCalculator } from "~/services/calculators.server";
import { toolContent } from "~/services/tool-content.server";

// Served at /calorie and at /calories (routes.ts registers it twice).

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    title: getInstance(context).t("tools:calories.title"),
    articles: toolContent(getLocale(context)).calorieArticles,
    openArticleId: new URL(request.url).searchParams.get(ARTICLE_PARAM),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await runCalorieCalculator(context, request, await readFormData(request));
  return data(outcome.data, { status: outcome.status });
}

/** The articles do not change with a calculation: a fetcher post needs no reload of them. */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === "POST" && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function CaloriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tools");
  return (
    <>
      <section className="section" aria-labelledby="calories-title">
        <div className="section-inner">
          <p className="eyebrow">{t("calories.eyebrow")}</p>
          <h1 id="calories-title">{t("calories.heading")}</h1>
          <p className="section-intro">{t("calories.intro")}</p>
          <CalorieCalculator serverData={actionData ?? null} />
        </div>
      </section>
      <ToolArticles
        id="articles"
        title={t("calories.articlesTitle")}
        intro={t("calories.articlesIntro")}
        articles={loaderData.articles}
        openArticleId={loaderData.openArticleId}
      />
    </>
  );
}
