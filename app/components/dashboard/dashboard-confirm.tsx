import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Modal } from "~/components/ui/modal";
import { type DashboardIntent, dashboardPath } from "~/lib/dashboard-types";
import { BlockHeading } from "./block-heading";
import styles from "./dashboard.module.css";

// A deletion asks first. Without JavaScript the 'Supprimer' link leads to
// the same address with ?supprimer=..., which shows this panel and its form;
// with JavaScript the same question is a modal dialog.

interface ConfirmTexts {
  title: string;
  text: string;
  confirm: string;
}

export function ConfirmPanel({
  texts,
  intent,
  id,
  here,
}: {
  texts: ConfirmTexts;
  intent: DashboardIntent;
  id?: string;
  here: string;
}) {
  const { t } = useTranslation("dashboard");
  const titleId = `confirm-${intent}`;
  return (
    <section className={styles.confirmPanel} role="alertdialog" aria-labelledby={titleId}>
      <BlockHeading id={titleId} className={styles.confirmTitle}>
        {texts.title}
      </BlockHeading>
      <p>{texts.text}</p>
      <form method="post" action={dashboardPath} className="button-row">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="redirectTo" value={here} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <button type="submit" className="button button-danger">
          {texts.confirm}
        </button>
        <Link to={here} replace preventScrollReset className="button button-ghost">
          {t("cancel")}
        </Link>
      </form>
    </section>
  );
}

export function ConfirmModal({
  texts,
  busy,
  onConfirm,
  onCancel,
}: {
  texts: ConfirmTexts;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("dashboard");
  const titleId = "dashboard-confirm-title";
  return (
    <Modal open onClose={onCancel} labelledBy={titleId} closeLabel={t("cancel")}>
      <div className={styles.confirmDialog}>
        <h2 id={titleId} className={styles.confirmTitle}>
          {texts.title}
        </h2>
        <p>{texts.text}</p>
        <div className="button-row">
          <button type="button" className="button button-danger" disabled={busy} onClick={onConfirm} data-autofocus="">
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {texts.confirm}
          </button>
          <button type="button" className="button button-ghost" onClick={onCancel}>
            {t("cancel")}
          </button>
        </div>
      </div>
    </Modal>
  );
}
