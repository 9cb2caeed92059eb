import { useTranslation } from "react-i18next";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Modal } from "~/components/ui/modal";
import { useHydrated } from "~/lib/use-hydrated";
import styles from "./admin.module.css";

/**
 * Deleting asks for confirmation. The 'Supprimer' link leads to the same
 * page with the item named in the address; this panel then asks. Without
 * JavaScript it sits at the top of the list, with JavaScript it is a modal
 * dialog; either way 'Annuler' goes back to the list and the button posts.
 */
export function ConfirmDeletion({
  title,
  text,
  confirmLabel,
  intent,
  id,
  actionHref,
  cancelHref,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  intent: string;
  id: string;
  actionHref: string;
  cancelHref: string;
}) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const titleId = "confirm-deletion-title";

  const body = (
    <>
      <h2 id={titleId} className={styles.confirmTitle}>
        {title}
      </h2>
      <p>{text}</p>
      <Form method="post" action={actionHref} className="button-row" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="button button-danger" disabled={busy} data-autofocus="">
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {confirmLabel}
        </button>
        <Link to={cancelHref} replace preventScrollReset className="button button-ghost">
          {t("cancel")}
        </Link>
      </Form>
    </>
  );

  if (!hydrated) {
    return (
      <section className={`card ${styles.confirmPanel}`} aria-labelledby={titleId}>
        {body}
      </section>
    );
  }
  return (
    <Modal
      open
      onClose={() => navigate(cancelHref, { replace: true, preventScrollReset: true })}
      labelledBy={titleId}
      closeLabel={t("cancel")}
    >
      <div className={styles.confirmDialog}>{body}</div>
    </Modal>
  );
}
