import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ImcRecordView } from "~/domain/stats/records";
import { formatDate } from "~/lib/date-format";
import { formatMeasure } from "~/lib/number-format";
import { useHydrated } from "~/lib/use-hydrated";
import { ConfirmModal, ConfirmPanel } from "./confirm-on-demand";
import { useDashboardRequests, useFleetingOutcome } from "./dashboard-requests";
import { confirmHref, type DashboardOutcome } from "~/lib/dashboard-types";
import { OutcomeMessage } from "./outcome-message";
import { BlockHeading } from "./block-heading";
import styles from "./dashboard.module.css";
import { TrashIcon } from "~/components/layout/icons";

/**
 * 'Mes données IMC / Poids': the newest IMC records, each deletable after
 * 'Supprimer cette mesure ?'. A record whose figures cannot be read says
 * 'Données invalides.' and can still be deleted.
 */
export function MeasuresRecap({
  measures,
  language,
  here,
  confirm,
  flash,
}: {
  measures: readonly ImcRecordView[];
  language: string;
  here: string;
  confirm: string | null;
  flash: DashboardOutcome | null;
}) {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();
  const requests = useDashboardRequests();
  const [toDelete, setToDelete] = useState<ImcRecordView | null>(null);
  const outcome = useFleetingOutcome(requests.outcome ?? (flash?.intent === "measure-delete" ? flash : null), hydrated);
  const confirmed = measures.find((measure) => measure.id === confirm) ?? null;
  const textsFor = (measure: ImcRecordView) => ({
    title: t("measures.confirmTitle"),
    text: t("measures.confirmText", { date: formatDate(language, measure.date) }),
    confirm: t("measures.confirm"),
  });

  async function remove(measure: ImcRecordView) {
    await requests.run(
      "measure-delete",
      new Request(`/api/history/${encodeURIComponent(measure.id)}`, { method: "DELETE" }),
    );
    setToDelete(null);
  }

  return (
    <section className={`${styles.block} ${styles.wide}`} aria-labelledby="dashboard-measures-title">
      <BlockHeading id="dashboard-measures-title" className={styles.blockTitle}>
        {t("measures.title")}
      </BlockHeading>
      {confirmed ? (
        <ConfirmPanel texts={textsFor(confirmed)} intent="measure-delete" id={confirmed.id} here={here} />
      ) : null}
      <OutcomeMessage outcome={outcome} />
      {measures.length === 0 ? (
        <p className={styles.empty}>{t("noChartData")}</p>
      ) : (
        <>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("measures.date")}</th>
                <th scope="col">{t("measures.imc")}</th>
                <th scope="col">{t("measures.weight")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("measures.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {measures.map((measure) => {
                const date = formatDate(language, measure.date);
                const label = t("measures.deleteLabel", { date });
                return (
                  <tr key={measure.id}>
                    <th scope="row">
                      <time dateTime={measure.date}>{date}</time>
                    </th>
                    {measure.valid ? (
                      <>
                        <td>
                          {formatMeasure(language, measure.value!)}
                          {measure.categorie ? <span className={styles.muted}> · {measure.categorie}</span> : null}
                        </td>
                        <td className={styles.weight}>
                          {t("units.kg", { value: formatMeasure(language, measure.poids!) })}
                        </td>
                      </>
                    ) : (
                      <td colSpan={2} className={styles.invalid}>
                        {t("invalidRecord")}
                      </td>
                    )}
                    <td>
                      {hydrated ? (
                        <button
                          type="button"
                          className={`button button-ghost ${styles.deleteButton}`}
                          aria-label={label}
                          title={label}
                          disabled={requests.pending !== null}
                          onClick={() => setToDelete(measure)}
                        >
                          <TrashIcon className={`icon ${styles.deleteIcon}`} />
                          <span className={styles.deleteText}>{t("measures.delete")}</span>
                        </button>
                      ) : (
                        <Link
                          to={confirmHref(here, measure.id)}
                          className={`button button-ghost ${styles.deleteButton}`}
                          aria-label={label}
                          preventScrollReset
                        >
                          <TrashIcon className={`icon ${styles.deleteIcon}`} />
                          <span className={styles.deleteText}>{t("measures.delete")}</span>
                        </Link>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className={styles.muted}>{t("measures.shown", { count: measures.length })}</p>
        </>
      )}
      {toDelete ? (
        <ConfirmModal
          texts={textsFor(toDelete)}
          busy={requests.pending === "measure-delete"}
          onConfirm={() => void remove(toDelete)}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}
