import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { withAccountView } from "~/components/account/account-url";
import { formatDate } from "~/lib/date-format";
import styles from "./my-account.module.css";
import { Section } from "./section";

/** Who you are: pseudo, address (verified or not) and since when. */
export function ProfileCard({
  pseudo,
  email,
  emailVerified,
  memberSince,
  language,
}: {
  pseudo: string;
  email: string;
  emailVerified: boolean;
  memberSince: string;
  language: string;
}) {
  const { t } = useTranslation("my-account");
  const location = useLocation();
  return (
    <Section id="profile" title={t("sections.profile")}>
      <dl className={styles.facts}>
        <div>
          <dt>{t("profile.pseudo")}</dt>
          <dd>{pseudo}</dd>
        </div>
        <div>
          <dt>{t("profile.email")}</dt>
          <dd>
            <span className={styles.email}>{email}</span>{" "}
            <span className={`${styles.pill} ${emailVerified ? styles.verified : styles.unverified}`}>
              {t(emailVerified ? "profile.verified" : "profile.notVerified")}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t("profile.memberSince")}</dt>
          <dd>
            <time dateTime={memberSince}>{formatDate(language, memberSince)}</time>
          </dd>
        </div>
      </dl>
      <p>
        <Link to={withAccountView(location.pathname, "history")} preventScrollReset className="button button-ghost">
          {t("profile.history")}
        </Link>
      </p>
    </Section>
  );
}
