import { PENDING_SESSIONS_KEY, SESSION_STORAGE_KEYS } from "~/components/workout/session/session-keys";
import { STORAGE_KEYS } from "~/components/workout/storage-keys";
import type { TFunction } from "~/i18n/translator";
import { sessionCookieName } from "~/lib/session-cookie-name";
import styles from "./cookie-table.module.css";

export interface StoredItem {
  name: string;
  category: "necessary" | "preferences";
  /** The key of its texts under cookies.entries, when the name cannot be one (it holds a ':'). */
  entry?: string;
}

/** What the app really sets (keep in step with the code that sets them). */
export const cookiesSet: readonly StoredItem[] = [
  { name: "lng", category: "necessary" },
  { name: "theme", category: "necessary" },
  // Its production name (HTTPS); a development server on http://localhost drops the prefix.
  { name: sessionCookieName(true), entry: "dynami_session", category: "necessary" },
  { name: "cookie_consent", category: "necessary" },
];

/** The spec's local-storage keys; the optional ones are written only with consent (app/lib/consent.ts). */
export const localStorageKeys: readonly StoredItem[] = [
  { name: "token", category: "necessary" },
  { name: "userId", category: "necessary" },
  { name: "user", category: "necessary" },
  { name: "darkMode", category: "preferences" },
  { name: "language", category: "preferences" },
  { name: "userPoids", category: "preferences" },
  { name: "userTaille", category: "preferences" },
  // The workout builder: the session being built, kept on this device.
  ...Object.values(STORAGE_KEYS).map((name) => ({ name, category: "necessary" as const })),
  // The session being run, and the sessions finished offline waiting to be sent.
  { name: SESSION_STORAGE_KEYS.startedAt, category: "necessary" },
  { name: SESSION_STORAGE_KEYS.timer, category: "necessary" },
  { name: SESSION_STORAGE_KEYS.rest, category: "necessary" },
  { name: SESSION_STORAGE_KEYS.sessionNotes, category: "necessary" },
  { name: `${SESSION_STORAGE_KEYS.inputsPrefix}<id>`, entry: "suivieExoInputs", category: "necessary" },
  { name: PENDING_SESSIONS_KEY, category: "necessary" },
];

/** A real table on wide screens; on a phone each row reads as a small card, labels included. */
export function CookieTable({ t, caption, items }: { t: TFunction; caption: string; items: readonly StoredItem[] }) {
  const headers = {
    name: t("cookies.table.name"),
    purpose: t("cookies.table.purpose"),
    duration: t("cookies.table.duration"),
    category: t("cookies.table.category"),
  };
  return (
    <div className={styles.wrapper}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{headers.name}</th>
            <th scope="col">{headers.purpose}</th>
            <th scope="col">{headers.duration}</th>
            <th scope="col">{headers.category}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.name}>
              <th scope="row" data-label={headers.name}>
                <code>{item.name}</code>
              </th>
              <td data-label={headers.purpose}>{t(`cookies.entries.${item.entry ?? item.name}.purpose`)}</td>
              <td data-label={headers.duration}>{t(`cookies.entries.${item.entry ?? item.name}.duration`)}</td>
              <td data-label={headers.category}>
                <span className={item.category === "necessary" ? styles.necessary : styles.preference}>
                  {t(`cookies.table.${item.category === "necessary" ? "necessary" : "preferences"}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
