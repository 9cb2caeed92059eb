import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/tools";
import { CalorieCalculator } from "~/components/tools/calorie-calculator";
import { ImcCalculator } from "~/components/tools/imc-calculator";
import { TAB_PARAM, ToolTabs, toolTabFrom } from "~/components/tools/tool-tabs";
import { CALCULATOR_FIELD } from "~/lib/calculator-results";
import { readFormData } from "~/lib/http.server";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";
import { runCalorieCalculator, runImcCalculator } from "~/services/calculators.server";

export const handle = { i18n: ["tools"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const tab = toolTabFrom(new URL(request.url).searchParams.get(TAB_PARAM));
  const { t } = getInstance(context);
  return { title: t("tools:outils.title"), description: t("tools:outils.intro"), tab };
}

/** Both calculators post here from their tab; the hidden field says which one. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const outcome =
    formData.get(CALCULATOR_FIELD) === "calories"
      ? await runCalorieCalculator(context, request, formData)
      : await runImcCalculator(context, request, formData);
  return data(outcome.data, { status: outcome.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function Tools({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tools");
  // After a post without JavaScript, show the tab of the calculator that answered.
  const selected = actionData?.calculator ?? loaderData.tab;
  return (
    <section id="outils" className="section" aria-labelledby="outils-title">
      <div className="section-inner">
        <p className="eyebrow">{t("outils.eyebrow")}</p>
        <h1 id="outils-title">{t("outils.heading")}</h1>
        <p className="section-intro">{t("outils.intro")}</p>
        <ToolTabs
          selected={selected}
          panels={{
            imc: (
              <>
                <ImcCalculator
                  idPrefix="outils-imc"
                  headingLevel={2}
                  serverData={actionData?.calculator === "imc" ? actionData : null}
                />
                <p>
                  <Link to="/imc">{t("outils.moreImc")}</Link>
                </p>
              </>
            ),
            calories: (
              <>
                <CalorieCalculator
                  idPrefix="outils-calories"
                  headingLevel={2}
                  serverData={actionData?.calculator === "calories" ? actionData : null}
                />
                <p>
                  <Link to="/calorie">{t("outils.moreCalories")}</Link>
                </p>
              </>
            ),
          }}
        />
      </div>
    </section>
  );
}
