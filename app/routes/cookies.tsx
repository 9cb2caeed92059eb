import { useTranslation } from "react-i18next";
import type { Route } from "./+types/cookies";
import { ConsentPanel, useConsentChoice } from "~/components/consent/cookie-consent";
import { CookieTable, cookiesSet, localStorageKeys } from "~/components/legal/cookie-table";
import { LegalPage } from "~/components/legal/legal-page";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";

const sections = ["cookies", "storage", "none", "choice", "browser"] as const;

export function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("cookies.title", { ns: "legal" }) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function CookiePolicy() {
  const { t } = useTranslation(["legal", "consent"]);
  const choice = useConsentChoice();
  return (
    <LegalPage
      page="cookies"
      sections={sections}
      after={{
        cookies: <CookieTable caption={t("cookies.table.caption")} items={cookiesSet} />,
        storage: <CookieTable caption={t("cookies.table.storageCaption")} items={localStorageKeys} />,
        choice: (
          <>
            <p>
              <strong>
                {choice
                  ? t("cookies.currentChoice", { choice: t(`choices.${choice}`, { ns: "consent" }) })
                  : t("cookies.noChoice")}
              </strong>
            </p>
            <ConsentPanel />
          </>
        ),
      }}
    />
  );
}
