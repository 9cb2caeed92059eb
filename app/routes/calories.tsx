import { useTranslation } from "react-i18next";
import type { Route } from "./+types/calories";
import { CalorieCalculator } from "~/components/tools/calorie-calculator";
import { ToolArticles } from "~/components/tools/tool-articles";
import { skipReloadAfterCalculation } from "~/lib/calculator-results";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";
import { calculatorAction, runCalorieCalculator } from "~/services/calculators.server";
import { toolPageTexts } from "~/services/tool-content.server";

// Served at /calorie and at /calories (routes.ts registers it twice).

export const handle = { i18n: ["tools"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const { title, content, openArticleId } = toolPageTexts(context, request, "tools:calories.title");
  return {
    title,
    description: getInstance(context).t("tools:calories.intro"),
    articles: content.calorieArticles,
    openArticleId,
  };
}

export function action(args: Route.ActionArgs) {
  return calculatorAction(runCalorieCalculator, args);
}

export const shouldRevalidate = skipReloadAfterCalculation;

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
