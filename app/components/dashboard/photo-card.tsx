import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AccountUser } from "~/lib/account-types";
import { PHOTO_ACCEPT, PHOTO_FIELD, PHOTO_MAX_BYTES } from "~/domain/photo-limits";
import { useHydrated } from "~/lib/use-hydrated";
import { ConfirmModal, ConfirmPanel } from "./confirm-on-demand";
import { useDashboardRequests, useFleetingOutcome } from "./dashboard-requests";
import { confirmHref, type DashboardOutcome, dashboardPath } from "~/lib/dashboard-types";
import { OutcomeMessage } from "./outcome-message";
import { BlockHeading } from "./block-heading";
import styles from "./dashboard.module.css";

const PHOTO_API = "/api/upload/profile-photo";
const ACCEPTED_TYPES = PHOTO_ACCEPT.split(",");

function initialOf(name: string): string {
  return (name.trim()[0] ?? "?").toLocaleUpperCase();
}

/**
 * The profile photo: shown (or the name's initial), replaced by choosing a
 * file, deleted after a confirmation. Without JavaScript a form posts the
 * file to /historique; with it, choosing a file sends it to the API at once
 * (after checking its size here), and the page's data is read again.
 */
export function PhotoCard({
  user,
  name,
  here,
  confirm,
  flash,
}: {
  user: AccountUser;
  name: string;
  here: string;
  confirm: string | null;
  flash: DashboardOutcome | null;
}) {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();
  const requests = useDashboardRequests();
  const [confirming, setConfirming] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fromServer = flash && (flash.intent === "photo-upload" || flash.intent === "photo-delete") ? flash : null;
  const outcome = useFleetingOutcome(requests.outcome ?? fromServer, hydrated);
  const busy = requests.pending !== null;
  const deleteTexts = { title: t("photo.confirmTitle"), text: t("photo.confirmText"), confirm: t("photo.confirm") };

  async function upload(file: File) {
    if (file.size > PHOTO_MAX_BYTES) {
      requests.setOutcome({ intent: "photo-upload", ok: false, code: "tooLarge" });
      return;
    }
    if (file.type && !ACCEPTED_TYPES.includes(file.type)) {
      requests.setOutcome({ intent: "photo-upload", ok: false, code: "unsupported" });
      return;
    }
    const body = new FormData();
    body.set(PHOTO_FIELD, file);
    await requests.run("photo-upload", new Request(PHOTO_API, { method: "POST", body }));
  }

  async function remove() {
    await requests.run("photo-delete", new Request(PHOTO_API, { method: "DELETE" }));
    setConfirming(false);
  }

  return (
    <section className={`${styles.block} ${styles.photoCard}`} aria-labelledby="dashboard-photo-title" aria-busy={busy}>
      <div className={styles.avatarSlot}>
        {user.photo ? (
          <img className={styles.avatar} src={user.photo} alt={t("photo.alt")} width={88} height={88} />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {initialOf(name)}
          </span>
        )}
      </div>
      <BlockHeading id="dashboard-photo-title" className={styles.blockTitle}>
        {t("photo.title")}
      </BlockHeading>
      <p className={styles.muted}>{t("photo.hint")}</p>
      {confirm === "photo" && user.photo ? (
        <ConfirmPanel texts={deleteTexts} intent="photo-delete" here={here} />
      ) : null}
      <div className={styles.photoActions}>
        <form method="post" action={dashboardPath} encType="multipart/form-data">
          <input type="hidden" name="intent" value="photo-upload" />
          <input type="hidden" name="redirectTo" value={here} />
          {hydrated ? (
            <label className={`button button-secondary ${styles.fileButton}`}>
              {busy && requests.pending === "photo-upload" ? <span className="spinner" aria-hidden="true" /> : null}
              {user.photo ? t("photo.change") : t("photo.choose")}
              <input
                ref={fileInput}
                className="visually-hidden"
                type="file"
                name={PHOTO_FIELD}
                accept={PHOTO_ACCEPT}
                disabled={busy}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = "";
                  if (file) void upload(file);
                }}
              />
            </label>
          ) : (
            <>
              <label className="field">
                <span className="field-label">{user.photo ? t("photo.change") : t("photo.choose")}</span>
                <input className={styles.fileInput} type="file" name={PHOTO_FIELD} accept={PHOTO_ACCEPT} required />
              </label>
              <button type="submit" className="button button-secondary">
                {t("photo.send")}
              </button>
            </>
          )}
        </form>
        {user.photo ? (
          hydrated ? (
            <button type="button" className="button button-ghost" disabled={busy} onClick={() => setConfirming(true)}>
              {t("photo.delete")}
            </button>
          ) : (
            <Link to={confirmHref(here, "photo")} className="button button-ghost" preventScrollReset>
              {t("photo.delete")}
            </Link>
          )
        ) : null}
      </div>
      {busy ? (
        <output className={styles.status}>
          <span className="spinner" aria-hidden="true" />
          {requests.pending === "photo-upload" ? t("photo.busy") : t("photo.deleting")}
        </output>
      ) : (
        <OutcomeMessage outcome={outcome} />
      )}
      {confirming ? (
        <ConfirmModal
          texts={deleteTexts}
          busy={requests.pending === "photo-delete"}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
