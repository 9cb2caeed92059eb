import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Spinner } from "~/components/account/form-message";
import { MY_ACCOUNT_MESSAGES, type MyAccountMessageKey, photoMessageKey } from "~/domain/my-account";
import { PHOTO_ACCEPT, PHOTO_FIELD, PHOTO_MESSAGE_MS } from "~/domain/photo-limits";
import styles from "./my-account.module.css";
import type { SectionOutcome } from "./my-account-types";
import { Intent, Outcome, Section } from "./section";

const photoApi = "/api/upload/profile-photo";
const photoFormPath = "/mon-compte/photo";

/**
 * The profile photo, through the dashboard's photo service: without
 * JavaScript the forms post to /mon-compte/photo, with it the card calls
 * /api/upload/profile-photo, asks the spec's question before a deletion
 * and lets a success message go after 3 s.
 */
export function PhotoCard({ photo, fromServer }: { photo: string | null; fromServer: SectionOutcome | null }) {
  const { t } = useTranslation("my-account");
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(fromServer);
  const [busy, setBusy] = useState<"upload" | "delete" | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = window.setTimeout(() => setOutcome(null), PHOTO_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const say = (key: MyAccountMessageKey) => t(`messages.${key}`, { defaultValue: MY_ACCOUNT_MESSAGES[key] });

  /** The service's answer (its code) in the reader's language; the spec's fallbacks when there is none. */
  async function send(init: RequestInit, fallbacks: { noMessage: MyAccountMessageKey; network: MyAccountMessageKey }) {
    try {
      const response = await fetch(photoApi, { ...init, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => null)) as { success?: unknown; code?: unknown } | null;
      const known = photoMessageKey(answer?.code);
      const ok = response.ok && answer?.success === true;
      return { ok, message: known ? say(known) : say(fallbacks.noMessage) };
    } catch {
      return { ok: false, message: say(fallbacks.network) };
    }
  }

  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setOutcome({ ok: false, message: say("photoMissing") });
      fileInput.current?.focus();
      return;
    }
    const body = new FormData();
    body.set(PHOTO_FIELD, file);
    setBusy("upload");
    const answer = await send(
      { method: "POST", body },
      { noMessage: "photoUploadFailed", network: "photoUploadPhotoFailed" },
    );
    setBusy(null);
    setOutcome(answer);
    if (answer.ok) {
      if (fileInput.current) fileInput.current.value = "";
      void revalidator.revalidate();
    }
  }

  async function remove(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!window.confirm(say("photoConfirmDelete"))) return;
    setBusy("delete");
    const answer = await send(
      { method: "DELETE" },
      { noMessage: "photoDeleteFailed", network: "photoDeletePhotoFailed" },
    );
    setBusy(null);
    setOutcome(answer);
    if (answer.ok) void revalidator.revalidate();
  }

  return (
    <Section id="photo" title={t("sections.photo")}>
      <div className={styles.photoRow}>
        {photo ? (
          <img src={photo} alt={t("photo.current")} className={styles.photo} width={96} height={96} />
        ) : (
          <p className={styles.photoPlaceholder}>{t("photo.none")}</p>
        )}
        <p className={styles.text}>{t("photo.intro")}</p>
      </div>
      <Outcome outcome={outcome} />
      <form
        method="post"
        action={photoFormPath}
        encType="multipart/form-data"
        className={styles.inlineForm}
        onSubmit={upload}
      >
        <Intent value="upload" />
        <label className={styles.fileField}>
          <span className="field-label">{t("photo.file")}</span>
          <input ref={fileInput} type="file" name={PHOTO_FIELD} accept={PHOTO_ACCEPT} className="field-input" />
        </label>
        <button type="submit" className="button button-primary" disabled={busy !== null}>
          {busy === "upload" ? (
            <>
              <Spinner />
              {t("photo.pending")}
            </>
          ) : (
            t("photo.upload")
          )}
        </button>
      </form>
      {photo ? (
        <form
          method="post"
          action={photoFormPath}
          encType="multipart/form-data"
          className={styles.inlineForm}
          onSubmit={remove}
        >
          <Intent value="delete" />
          <button type="submit" className="button button-ghost" disabled={busy !== null}>
            {busy === "delete" ? (
              <>
                <Spinner />
                {t("photo.deleting")}
              </>
            ) : (
              t("photo.delete")
            )}
          </button>
        </form>
      ) : null}
    </Section>
  );
}
