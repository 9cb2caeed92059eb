import { useTranslation } from "react-i18next";
import type { ExportFormat } from "~/domain/my-account";
import styles from "./my-account.module.css";
import type { SectionOutcome } from "./my-account-types";
import { Outcome, Section } from "./section";

const downloads: { format: ExportFormat; label: "data.json" | "data.historyCsv" | "data.workoutsCsv" }[] = [
  { format: "json", label: "data.json" },
  { format: "history-csv", label: "data.historyCsv" },
  { format: "workouts-csv", label: "data.workoutsCsv" },
];

/**
 * Plain links (no `download` attribute): the answer's Content-Disposition
 * saves the file and the page stays; a refusal (too many exports) comes
 * back as this page with the message.
 */
export function DataCard({ fromServer }: { fromServer: SectionOutcome | null }) {
  const { t } = useTranslation("my-account");
  return (
    <Section id="data" title={t("sections.data")}>
      <p className={styles.text}>{t("data.intro")}</p>
      <Outcome outcome={fromServer} />
      <ul className={styles.downloads}>
        {downloads.map(({ format, label }) => (
          <li key={format}>
            <a
              href={`/mon-compte/export?format=${format}`}
              className={`button ${format === "json" ? "button-primary" : "button-secondary"}`}
            >
              {t(label)}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
