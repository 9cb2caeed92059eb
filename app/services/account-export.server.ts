import type { RouterContextProvider } from "react-router";
import { type AppServices, getServices } from "~/context.server";
import { csvDateTime, csvDialect, toCsv, type CsvCell } from "~/domain/csv";
import { HISTORY_PAGE_SIZE } from "~/domain/history-page";
import { EXPORT_LIMITS, type ExportFormat } from "~/domain/my-account";
import { i18nFor } from "~/i18n/i18n.server";
import { fallbackLanguage, isSupportedLanguage, type Language } from "~/i18n/languages";
import { WORKOUT_SESSION_PAGE_SIZE } from "~/domain/workout/session-page";
import type { HistoryRecord, PageCursor, ReviewRecord, UserRecord, WorkoutSessionRecord } from "~/store/types";
import type { CurrentUser } from "./auth/session.server";
import type { Refused } from "./my-account.server";
import { listRecords } from "./workout/exercise-history.server";
import { toWorkoutSessionView } from "./workout/sessions.server";

// "Download my data" (GDPR articles 15 and 20): one JSON file with
// everything the product holds about the account, and CSV files of the
// history and the workouts for a spreadsheet. Never a password hash, a
// token (or its hash) or another user's record: every value below is
// picked field by field, never spread from a stored record.

type Context = Readonly<RouterContextProvider>;

export const EXPORT_FORMAT_VERSION = 1;

const EXPORTS = {
  keyPrefix: "account-export",
  points: EXPORT_LIMITS.perAccount,
  durationSeconds: EXPORT_LIMITS.windowSeconds,
};

/** Reviews read per page while exporting. */
const REVIEW_PAGE_SIZE = 100;

/** Every record of a newest-first keyset listing, page after page. */
async function readAll<Row extends { createdAt: Date; id: string }>(
  readPage: (before: PageCursor | undefined) => Promise<Row[]>,
  pageSize: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  let before: PageCursor | undefined;
  for (;;) {
    const page = await readPage(before);
    rows.push(...page);
    if (page.length < pageSize) return rows;
    const last = page.at(-1)!;
    before = { createdAt: last.createdAt, id: last.id };
  }
}

function readHistory(services: AppServices, userId: string): Promise<HistoryRecord[]> {
  return readAll(
    (before) => services.store.history.listForUser(userId, { limit: HISTORY_PAGE_SIZE, ...(before ? { before } : {}) }),
    HISTORY_PAGE_SIZE,
  );
}

/** Every workout session, newest first by start (their pages go by startedAt). */
async function readWorkoutSessions(services: AppServices, userId: string): Promise<WorkoutSessionRecord[]> {
  const sessions: WorkoutSessionRecord[] = [];
  let before: { startedAt: Date; id: string } | undefined;
  for (;;) {
    const page = await services.store.workoutSessions.listForUser(userId, {
      limit: WORKOUT_SESSION_PAGE_SIZE,
      ...(before ? { before } : {}),
    });
    sessions.push(...page);
    if (page.length < WORKOUT_SESSION_PAGE_SIZE) return sessions;
    const last = page.at(-1)!;
    before = { startedAt: last.startedAt, id: last.id };
  }
}

function readReviews(services: AppServices, userId: string): Promise<ReviewRecord[]> {
  return readAll(
    (before) => services.store.reviews.listForUser(userId, { limit: REVIEW_PAGE_SIZE, ...(before ? { before } : {}) }),
    REVIEW_PAGE_SIZE,
  );
}

/** The photo as a link anyone holding the file can open (the stored value is a path on this site). */
function photoLink(services: AppServices, photo: string | null): string | null {
  if (!photo) return null;
  return /^https?:\/\//.test(photo) ? photo : new URL(photo, `${services.config.appUrl}/`).toString();
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The JSON file: the account's own data, nothing else. */
export async function accountExportData(services: AppServices, current: CurrentUser, now = new Date()) {
  const { store } = services;
  const user: UserRecord = current.user;
  const language = isSupportedLanguage(user.locale) ? user.locale : fallbackLanguage;
  const [history, workouts, records, reviews, sessions, pendingChange, subscription] = await Promise.all([
    readHistory(services, user.id),
    readWorkoutSessions(services, user.id),
    // One per exercise logged: at most the catalogue's, in one read.
    listRecords(services, user.id, language),
    readReviews(services, user.id),
    store.sessions.listForUser(user.id, now),
    store.emailChanges.findPendingForUser(user.id, now),
    store.newsletterSubscribers.findByEmail(user.email),
  ]);
  return {
    format: "dynami-account-export",
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      pseudo: user.pseudo,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      role: user.role,
      prenom: user.prenom,
      displayName: user.displayName,
      weightKg: user.weightKg,
      language: user.locale,
      photo: photoLink(services, user.photo),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    pendingEmailChange: pendingChange
      ? {
          newEmail: pendingChange.newEmail,
          requestedAt: pendingChange.createdAt.toISOString(),
          expiresAt: pendingChange.expiresAt.toISOString(),
        }
      : null,
    loginSessions: sessions.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      rememberMe: session.persistent,
      current: session.id === current.session.id,
    })),
    history: history.map((record) => ({
      id: record.id,
      action: record.action,
      createdAt: record.createdAt.toISOString(),
      meta: record.meta,
    })),
    workoutSessions: workouts.map((workout) => {
      // The view the API gives, without its alias of the id.
      const { _id: _alias, ...view } = toWorkoutSessionView(workout);
      return view;
    }),
    // Figures derived from the sessions above (kept so that reading them never walks every session).
    personalRecords: records,
    reviews: reviews.map((review) => ({
      id: review.id,
      name: review.name,
      rating: review.rating,
      comment: review.comment,
      state: review.isApproved ? ("approved" as const) : ("pending" as const),
      approvedAt: iso(review.approvedAt),
      createdAt: review.createdAt.toISOString(),
    })),
    newsletter: subscription
      ? {
          state: subscription.confirmedAt ? ("subscribed" as const) : ("pending" as const),
          email: subscription.email,
          language: subscription.locale,
          subscribedAt: subscription.createdAt.toISOString(),
          confirmedAt: iso(subscription.confirmedAt),
        }
      : { state: "none" as const },
  };
}
export type AccountExport = Awaited<ReturnType<typeof accountExportData>>;

const HISTORY_COLUMNS = [
  "date",
  "type",
  "weightKg",
  "heightCm",
  "imc",
  "category",
  "sex",
  "age",
  "formula",
  "bodyFat",
  "activity",
  "goal",
  "calories",
] as const;

const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const textOrNull = (value: unknown) => (typeof value === "string" ? value : null);

function historyRow(record: HistoryRecord, typeLabel: (action: string) => string): CsvCell[] {
  const meta = record.meta;
  return [
    csvDateTime(record.createdAt),
    typeLabel(record.action),
    numberOrNull(meta.poids),
    numberOrNull(meta.taille),
    numberOrNull(meta.imc),
    textOrNull(meta.categorie),
    textOrNull(meta.sexe),
    numberOrNull(meta.age),
    textOrNull(meta.formule),
    numberOrNull(meta.masseGrasse),
    textOrNull(meta.activite),
    textOrNull(meta.objectif),
    numberOrNull(meta.calories) ?? numberOrNull(meta.kcal),
  ];
}

export interface ExportFile {
  ok: true;
  filename: string;
  contentType: string;
  body: string;
}

/**
 * One export in the format asked for, with its file name. Exports are
 * counted per account (each reads everything the account holds).
 */
export async function exportAccount(
  context: Context,
  current: CurrentUser,
  format: ExportFormat,
  language: Language,
): Promise<ExportFile | Refused> {
  const services = getServices(context);
  const { user } = current;
  const counted = await services.store.rateLimiter(EXPORTS).consume(user.id);
  if (!counted.allowed) {
    const minutes = Math.max(1, Math.ceil(counted.msBeforeNext / 60_000));
    return {
      ok: false,
      status: 429,
      message: { key: "tooManyAttempts", values: { count: minutes } },
      retryAfterSeconds: Math.max(1, Math.ceil(counted.msBeforeNext / 1000)),
    };
  }
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  // A file name safe in a header whatever an older account's pseudo holds.
  const base = `dynami-${user.pseudo.replace(/[^A-Za-z0-9._-]/g, "_")}-${day}`;
  const t = i18nFor(language).getFixedT(language, "my-account");

  if (format === "json") {
    const data = await accountExportData(services, current, now);
    return {
      ok: true,
      filename: `${base}.json`,
      contentType: "application/json; charset=utf-8",
      body: `${JSON.stringify(data, null, 2)}\n`,
    };
  }
  const dialect = csvDialect(language);
  if (format === "history-csv") {
    const history = await readHistory(services, user.id);
    const typeLabel = (action: string) => t(`export.actions.${action}`, { defaultValue: action });
    return {
      ok: true,
      filename: `${base}-historique.csv`,
      contentType: "text/csv; charset=utf-8",
      body: toCsv(
        HISTORY_COLUMNS.map((column) => t(`export.historyColumns.${column}`)),
        history.toReversed().map((record) => historyRow(record, typeLabel)),
        dialect,
      ),
    };
  }
  const workouts = await readWorkoutSessions(services, user.id);
  return {
    ok: true,
    filename: `${base}-seances.csv`,
    contentType: "text/csv; charset=utf-8",
    body: toCsv(
      WORKOUT_COLUMNS.map((column) => t(`export.workoutColumns.${column}`)),
      workouts.toReversed().flatMap((workout) => workoutRows(workout, t("common:unnamedWorkout"))),
      dialect,
    ),
  };
}

/** One row per set, as Strong and Hevy export (the JSON file holds everything else of a workout). */
const WORKOUT_COLUMNS = [
  "date",
  "session",
  "exercise",
  "set",
  "weightKg",
  "reps",
  "restSec",
  "durationSec",
  "distanceKm",
  "intensity",
  "notes",
] as const;

/**
 * A workout's rows: one per set of each exercise; an exercise without a set, or a workout without one, a row still.
 * A workout saved without a name gets the file's word for one.
 */
export function workoutRows(workout: WorkoutSessionRecord, unnamed: string): CsvCell[][] {
  const date = csvDateTime(workout.startedAt);
  const name = workout.name || unnamed;
  if (workout.entries.length === 0) return [[date, name, null, null, null, null, null, null, null, null, null]];
  return workout.entries.flatMap((entry) => {
    if (entry.sets.length === 0)
      return [[date, name, entry.name, null, null, null, null, null, null, null, entry.notes]];
    return entry.sets.map((set, index): CsvCell[] => [
      date,
      name,
      entry.name,
      index + 1,
      set.weightKg,
      set.reps,
      set.restSec,
      set.durationSec,
      set.distanceKm,
      set.intensity,
      entry.notes,
    ]);
  });
}
