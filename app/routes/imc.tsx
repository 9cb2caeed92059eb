import { useTranslation } from "react-i18next";
import type { Route } from "./+types/imc";
import { ImcCalculator } from "~/components/tools/imc-calculator";
import { ImcExplanations } from "~/components/tools/imc-explanations";
import { ToolArticles } from "~/components/tools/tool-articles";
import { skipReloadAfterCalculation } from "~/lib/calculator-results";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";
import { calculatorAction, runImcCalculator } from "~/services/calculators.server";
import { toolPageTexts } from "~/services/tool-content.server";

export const handle = { i18n: ["tools"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const { title, content, openArticleId } = toolPageTexts(context, request, "tools:imc.title");
  return {
    title,
    description: getInstance(context).t("tools:imc.intro"),
    explanations: content.explanations,
    articles: content.imcArticles,
    openArticleId,
  };
}

export function action(args: Route.ActionArgs) {
  return calculatorAction(runImcCalculator, args);
}

export const shouldRevalidate = skipReloadAfterCalculation;

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
