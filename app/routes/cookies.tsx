import { useTranslation } from "react-i18next";
import type { Route } from "./+types/cookies";
import { ConsentPanel, useConsentChoice } from "~/components/consent/cookie-consent";
import { CookieTable, cookiesSet, localStorageKeys } from "~/components/legal/cookie-table";
import { LegalPage } from "~/components/legal/legal-page";
import { useLegalT } from "~/lib/legal-texts";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";
import { legalTexts } from "~/services/legal-texts.server";

const sections = ["cookies", "storage", "none", "choice", "browser"] as const;

// The legal texts come with the loader data (server-only `legal` namespace).
export const handle = { i18n: ["consent"] };

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return {
    title: t("cookies.title", { ns: "legal" }),
    description: t("cookies.intro", { ns: "legal" }),
    texts: legalTexts(context, "cookies"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  const t = useLegalT(loaderData.texts);
  const { t: tConsent } = useTranslation("consent");
  const choice = useConsentChoice();
  return (
    <LegalPage
      t={t}
      page="cookies"
      sections={sections}
      after={{
        cookies: <CookieTable t={t} caption={t("cookies.table.caption")} items={cookiesSet} />,
        storage: <CookieTable t={t} caption={t("cookies.table.storageCaption")} items={localStorageKeys} />,
        choice: (
          <>
            <p>
              <strong>
                {choice ? t("cookies.currentChoice", { choice: tConsent(`choices.${choice}`) }) : t("cookies.noChoice")}
              </strong>
            </p>
            <ConsentPanel />
          </>
        ),
      }}
    />
  );
}
