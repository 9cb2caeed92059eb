import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/mon-compte.supprime";
import { AccountPageCard } from "~/components/account/account-page-card";
import pageStyles from "~/components/account/account-page.module.css";
import { pageTitle } from "~/lib/page-title";
import { myAccountT } from "~/lib/my-account-http.server";

// Where a deleted account's last page lands. It holds nothing personal:
// anyone may open it.

export const handle = { i18n: ["my-account"] };

export function loader({ context }: Route.LoaderArgs) {
  return { title: myAccountT(context)("deleted.title", { ns: "my-account" }) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

export default function AccountDeletedPage() {
  const { t } = useTranslation("my-account");
  return (
    <AccountPageCard tone="success" title={t("deleted.title")}>
      <p className={pageStyles.message}>{t("deleted.text")}</p>
      <div className="button-row">
        <Link to="/" className="button button-primary">
          {t("deleted.toHome")}
        </Link>
      </div>
    </AccountPageCard>
  );
}
