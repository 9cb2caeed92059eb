import type { RouterContextProvider } from "react-router";
import { type AppServices, getServices } from "~/context.server";
import { csvDateTime, csvDialect, csvLines, toCsv, type CsvCell, type CsvDialect } from "~/domain/csv";
import { HISTORY_PAGE_SIZE } from "~/domain/history-page";
import { EXPORT_LIMITS, type ExportFormat } from "~/domain/my-account";
import { i18nFor } from "~/i18n/i18n.server";
import { fallbackLanguage, isSupportedLanguage, type Language } from "~/i18n/languages";
import { WORKOUT_SESSION_PAGE_SIZE } from "~/domain/workout/session-page";
import type { HistoryRecord, PageCursor, ReviewRecord, UserRecord, WorkoutSessionRecord } from "~/store/types";
import type { CurrentUser } from "./auth/session.server";
import type { Refused } from "./my-account.server";
import { listRecords } from "./workout/exercise-history.server";
import { listRoutines } from "./workout/routines.server";
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

/**
 * Lets the event loop serve other requests between two pages of an export:
 * the store's reads are synchronous underneath, so awaiting them alone would
 * hold the loop for the whole account.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The pages of a newest-first keyset listing, one at a time, the event loop served between them. */
async function* pagesOf<Row, Cursor>(
  readPage: (before: Cursor | undefined) => Promise<Row[]>,
  cursorOf: (last: Row) => Cursor,
  pageSize: number,
): AsyncGenerator<Row[]> {
  let before: Cursor | undefined;
  for (;;) {
    const page = await readPage(before);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    before = cursorOf(page.at(-1)!);
    await yieldToEventLoop();
  }
}

async function readAll<Row>(pages: AsyncIterable<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of pages) rows.push(...page);
  return rows;
}

const createdCursor = (last: { createdAt: Date; id: string }): PageCursor => ({
  createdAt: last.createdAt,
  id: last.id,
});

function historyPages(services: AppServices, userId: string) {
  return pagesOf(
    (before: PageCursor | undefined) =>
      services.store.history.listForUser(userId, { limit: HISTORY_PAGE_SIZE, ...(before ? { before } : {}) }),
    createdCursor,
    HISTORY_PAGE_SIZE,
  );
}

/** Every workout session, newest first by start (their pages go by startedAt). */
function workoutSessionPages(services: AppServices, userId: string) {
  return pagesOf(
    (before: { startedAt: Date; id: string } | undefined) =>
      services.store.workoutSessions.listForUser(userId, {
        limit: WORKOUT_SESSION_PAGE_SIZE,
        ...(before ? { before } : {}),
      }),
    (last) => ({ startedAt: last.startedAt, id: last.id }),
    WORKOUT_SESSION_PAGE_SIZE,
  );
}

function readReviews(services: AppServices, userId: string): Promise<ReviewRecord[]> {
  return readAll(
    pagesOf(
      (before: PageCursor | undefined) =>
        services.store.reviews.listForUser(userId, { limit: REVIEW_PAGE_SIZE, ...(before ? { before } : {}) }),
      createdCursor,
      REVIEW_PAGE_SIZE,
    ),
  );
}

/** The photo as a link anyone holding the file can open (the stored value is a path on this site). */
function photoLink(services: AppServices, photo: string | null): string | null {
  if (!photo) return null;
  return /^https?:\/\//.test(photo) ? photo : new URL(photo, `${services.config.appUrl}/`).toString();
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const historyEntryView = (record: HistoryRecord) => ({
  id: record.id,
  action: record.action,
  createdAt: record.createdAt.toISOString(),
  meta: record.meta,
});

/** The view the API gives, without its alias of the id. */
function workoutSessionExportView(workout: WorkoutSessionRecord) {
  const { _id: _alias, ...view } = toWorkoutSessionView(workout);
  return view;
}

/**
 * The JSON file without its two long lists (the history and the workout
 * sessions, which the file streams page by page): the account's own data,
 * nothing else.
 */
async function accountExportHead(services: AppServices, current: CurrentUser, now: Date) {
  const { store } = services;
  const user: UserRecord = current.user;
  const language = isSupportedLanguage(user.locale) ? user.locale : fallbackLanguage;
  const [records, routines, reviews, sessions, pendingChange, subscription] = await Promise.all([
    // One per exercise logged: at most the catalogue's, in one read.
    listRecords(services, user.id, language),
    // At most 50, in one read.
    listRoutines(services, user.id, language),
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
    history: [] as ReturnType<typeof historyEntryView>[],
    workoutSessions: [] as ReturnType<typeof workoutSessionExportView>[],
    // Figures derived from the sessions above (kept so that reading them never walks every session).
    personalRecords: records,
    routines,
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
/** The JSON file's content, all of it in memory (what the streamed file holds, for a reader in the code). */
export async function accountExportData(services: AppServices, current: CurrentUser, now = new Date()) {
  const [head, history, workouts] = await Promise.all([
    accountExportHead(services, current, now),
    readAll(historyPages(services, current.user.id)),
    readAll(workoutSessionPages(services, current.user.id)),
  ]);
  return { ...head, history: history.map(historyEntryView), workoutSessions: workouts.map(workoutSessionExportView) };
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
  /** Streamed: written a page of the account at a time, never built whole in one turn of the event loop. */
  body: ReadableStream<Uint8Array>;
}

/** A file made of text chunks, sent as they come. */
function streamOf(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * The JSON file as JSON.stringify(data, null, 2) writes it, the two long
 * lists written page by page in the places their markers hold in the head.
 */
async function* jsonExportChunks(services: AppServices, current: CurrentUser, now: Date): AsyncGenerator<string> {
  const head = await accountExportHead(services, current, now);
  // Random, so that no value the user typed can be taken for one.
  const marker = (list: string) => `${list}-${crypto.randomUUID()}`;
  const lists = [
    { marker: marker("history"), items: mapPages(historyPages(services, current.user.id), historyEntryView) },
    {
      marker: marker("workoutSessions"),
      items: mapPages(workoutSessionPages(services, current.user.id), workoutSessionExportView),
    },
  ];
  let text = JSON.stringify({ ...head, history: lists[0]!.marker, workoutSessions: lists[1]!.marker }, null, 2);
  for (const list of lists) {
    const [before, after] = text.split(`"${list.marker}"`) as [string, string];
    yield before;
    yield* jsonArrayChunks(list.items, "  ");
    text = after;
  }
  yield `${text}\n`;
}

async function* mapPages<Row, View>(pages: AsyncIterable<Row[]>, view: (row: Row) => View): AsyncGenerator<View[]> {
  for await (const page of pages) yield page.map(view);
}

/** A JSON array at the given indentation, one page of items per chunk ("[]" when empty, as JSON.stringify writes it). */
async function* jsonArrayChunks(pages: AsyncIterable<unknown[]>, indent: string): AsyncGenerator<string> {
  const itemIndent = `${indent}  `;
  let first = true;
  for await (const page of pages) {
    let chunk = "";
    for (const item of page) {
      chunk += `${first ? "[" : ","}\n${itemIndent}${JSON.stringify(item, null, 2).replaceAll("\n", `\n${itemIndent}`)}`;
      first = false;
    }
    yield chunk;
  }
  yield first ? "[]" : `\n${indent}]`;
}

/**
 * A CSV file of a newest-first listing written oldest first, as a
 * spreadsheet reads a history: the pages are read with the event loop served
 * between them, then the rows written a page at a time.
 */
async function* csvChunksOldestFirst<Row>(
  header: readonly string[],
  pages: AsyncIterable<Row[]>,
  rowsOf: (row: Row) => CsvCell[][],
  dialect: CsvDialect,
): AsyncGenerator<string> {
  const newestFirst = await readAll(pages);
  yield toCsv(header, [], dialect);
  for (let end = newestFirst.length; end > 0; end -= CSV_ROWS_PER_CHUNK) {
    const rows = newestFirst
      .slice(Math.max(0, end - CSV_ROWS_PER_CHUNK), end)
      .toReversed()
      .flatMap(rowsOf);
    yield csvLines(rows, dialect);
    await yieldToEventLoop();
  }
}

/** Records turned into CSV lines per chunk of the file. */
const CSV_ROWS_PER_CHUNK = 500;

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
    return {
      ok: true,
      filename: `${base}.json`,
      contentType: "application/json; charset=utf-8",
      body: streamOf(jsonExportChunks(services, current, now)),
    };
  }
  const dialect = csvDialect(language);
  if (format === "history-csv") {
    const typeLabel = (action: string) => t(`export.actions.${action}`, { defaultValue: action });
    return {
      ok: true,
      filename: `${base}-historique.csv`,
      contentType: "text/csv; charset=utf-8",
      body: streamOf(
        csvChunksOldestFirst(
          HISTORY_COLUMNS.map((column) => t(`export.historyColumns.${column}`)),
          historyPages(services, user.id),
          (record) => [historyRow(record, typeLabel)],
          dialect,
        ),
      ),
    };
  }
  const unnamed = t("common:unnamedWorkout");
  return {
    ok: true,
    filename: `${base}-seances.csv`,
    contentType: "text/csv; charset=utf-8",
    body: streamOf(
      csvChunksOldestFirst(
        WORKOUT_COLUMNS.map((column) => t(`export.workoutColumns.${column}`)),
        workoutSessionPages(services, user.id),
        (workout) => workoutRows(workout, unnamed),
        dialect,
      ),
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
