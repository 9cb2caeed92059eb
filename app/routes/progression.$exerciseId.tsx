import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/progression.$exerciseId";
import { withAccountView } from "~/components/account/account-url";
import { BlockHeadingLevel } from "~/components/dashboard/block-heading";
import { ChartBox, type ChartPoint } from "~/components/dashboard/chart-box";
import { dashboardPath } from "~/lib/dashboard-types";
import styles from "~/components/dashboard/dashboard.module.css";
import { getServices } from "~/context.server";
import { formatKeysetCursor, parseKeysetCursor } from "~/domain/keyset-page";
import {
  type ExerciseFigures,
  type ProgressFigure,
  progressFigureOf,
  RECORD_KINDS,
  type RecordKind,
} from "~/domain/workout/personal-records";
import type { EntrySet, SessionMode } from "~/domain/workout/session-entries";
import { formatDate, formatShortDate } from "~/lib/date-format";
import { recordValueText, setsText } from "~/lib/exercise-figures-text";
import { formatMeasure } from "~/lib/number-format";
import { pageTitle } from "~/lib/page-title";
import { progressPath } from "~/lib/progress-path";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { getCurrentUser } from "~/services/auth/session.server";
import { exerciseProgress, isFollowedExercise } from "~/services/workout/exercise-history.server";

// /progression/{exerciseId}: one exercise's progress for the signed-in
// user: the records, a chart of the best estimated 1RM per session (or the
// best weight, reps, duration or distance where no 1RM applies) and the
// sessions that hold it, newest first, a page at a time (?avant=, the last
// session's cursor). The chart's figures are also the sessions' table, so
// everything is there without JavaScript.

export const handle = { i18n: ["dashboard"] };

/** Sessions per page: the chart draws them, the table lists them with their sets. */
export const PROGRESS_PAGE_SIZE = 20;
/** The search parameter of an older page. */
export const OLDER_PAGE_PARAM = "avant";

interface ProgressSession {
  sessionId: string;
  startedAt: string;
  mode: SessionMode;
  sets: EntrySet[];
  figures: ExerciseFigures;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const exerciseId = params.exerciseId;
  const current = await getCurrentUser(context, request);
  if (!current) {
    return data(
      { state: "signed-out" as const, title: t("progress.notSignedIn", { ns: "dashboard" }) },
      { status: 401 },
    );
  }
  if (!isFollowedExercise(exerciseId)) {
    return data({ state: "not-found" as const, title: t("progress.notFound", { ns: "dashboard" }) }, { status: 404 });
  }
  const before = parseKeysetCursor(new URL(request.url).searchParams.get(OLDER_PAGE_PARAM) ?? "") ?? undefined;
  const headers = { "Cache-Control": "private, no-store" };
  try {
    const progress = await exerciseProgress(
      getServices(context),
      current.user.id,
      exerciseId,
      { limit: PROGRESS_PAGE_SIZE, ...(before ? { before } : {}) },
      getLocale(context),
    );
    const { records, logs } = progress!;
    const last = logs.at(-1);
    return data(
      {
        state: "ready" as const,
        title: t("progress.title", { ns: "dashboard", name: records.name }),
        exerciseId,
        records,
        sessions: logs.map((log): ProgressSession => ({
          sessionId: log.sessionId,
          startedAt: log.startedAt.toISOString(),
          mode: log.mode,
          sets: log.sets,
          figures: log.figures,
        })),
        olderCursor:
          last && logs.length === PROGRESS_PAGE_SIZE
            ? formatKeysetCursor({ at: last.startedAt, id: last.sessionId })
            : null,
        isOlderPage: before !== undefined,
      },
      { headers },
    );
  } catch (error) {
    console.error(`The progress of ${exerciseId} could not be read:`, error);
    return data(
      { state: "error" as const, title: t("progress.error", { ns: "dashboard" }), exerciseId },
      { status: 503, headers },
    );
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: "robots", content: "noindex" }];
}

/** A figure as the chart plots it: durations in minutes. */
const plotted = (figure: ProgressFigure, value: number) =>
  figure === "longestSec" ? Math.round((value / 60) * 10) / 10 : value;

export default function ProgressionPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("dashboard");
  const language = i18n.language;
  const navigation = useNavigation();
  const loading = navigation.state === "loading";

  if (loaderData.state !== "ready") {
    return (
      <div className={styles.page}>
        <h1>{loaderData.title}</h1>
        <div className={styles.actions}>
          {loaderData.state === "signed-out" ? (
            <Link to={withAccountView(dashboardPath, "login")} className="button button-primary">
              {t("progress.login")}
            </Link>
          ) : loaderData.state === "error" ? (
            <Link to={progressPath(loaderData.exerciseId)} className="button button-primary">
              {t("progress.retry")}
            </Link>
          ) : null}
          <Link to={dashboardPath} className="button button-secondary">
            {t("progress.back")}
          </Link>
        </div>
      </div>
    );
  }

  const { records, sessions } = loaderData;
  return (
    <div className={styles.page} aria-busy={loading}>
      <header className={styles.pageHeader}>
        <p>
          <Link to={dashboardPath}>{t("progress.back")}</Link>
        </p>
        <h1>{loaderData.title}</h1>
        <p className={styles.muted}>{t("progress.intro")}</p>
      </header>
      <output className={styles.status}>
        {loading ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {t("loading")}
          </>
        ) : null}
      </output>
      <BlockHeadingLevel value={2}>
        <div className={styles.grid}>
          <RecordsBlock records={records} language={language} />
          {sessions.length === 0 && !loaderData.isOlderPage ? (
            <section className={`${styles.block} ${styles.wide}`}>
              <p className={styles.empty}>{t("progress.empty")}</p>
              <p>
                <Link to="/exo" className="button button-primary">
                  {t("progress.startWorkout")}
                </Link>
              </p>
            </section>
          ) : (
            <ProgressSessions
              exerciseId={loaderData.exerciseId}
              sessions={sessions}
              language={language}
              olderCursor={loaderData.olderCursor}
              isOlderPage={loaderData.isOlderPage}
            />
          )}
        </div>
      </BlockHeadingLevel>
    </div>
  );
}

type RecordFigures = Pick<Record<RecordKind, number | null>, RecordKind>;

/** The records, each with its figure; none yet says so. */
function RecordsBlock({ records, language }: { records: RecordFigures; language: string }) {
  const { t } = useTranslation("dashboard");
  const kinds = RECORD_KINDS.filter((kind) => records[kind] !== null);
  return (
    <section className={`${styles.block} ${styles.wide}`} aria-labelledby="progress-records-title">
      <h2 id="progress-records-title" className={styles.blockTitle}>
        {t("records.title")}
      </h2>
      {kinds.length === 0 ? (
        <p className={styles.missing}>{t("records.none")}</p>
      ) : (
        <dl className={styles.recordList}>
          {kinds.map((kind) => (
            <div key={kind} className={styles.stat}>
              <dt>{t(`records.kinds.${kind}`)}</dt>
              <dd>{recordValueText(t, language, kind, records[kind]!)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The chart of the page's sessions (oldest first), then their table (newest first) with the sets, and the paging. */
function ProgressSessions({
  exerciseId,
  sessions,
  language,
  olderCursor,
  isOlderPage,
}: {
  exerciseId: string;
  sessions: readonly ProgressSession[];
  language: string;
  olderCursor: string | null;
  isOlderPage: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const figure = progressFigureOf(sessions.map((session) => session.figures));
  const withVolume = sessions.some((session) => session.figures.volumeKg !== null);
  const points = useMemo<ChartPoint[]>(() => {
    if (figure === null) return [];
    return sessions.toReversed().flatMap((session) => {
      const value = session.figures[figure];
      if (value === null) return [];
      const valueText = recordValueText(t, language, figure, value);
      const longLabel = formatDate(language, session.startedAt);
      return [
        {
          key: session.sessionId,
          label: formatShortDate(language, session.startedAt),
          longLabel,
          value: plotted(figure, value),
          valueText,
          name: t("pointName", { label: longLabel, value: valueText }),
        },
      ];
    });
  }, [sessions, figure, language, t]);

  return (
    <>
      {figure ? (
        <section className={`${styles.block} ${styles.wide}`}>
          <ChartBox
            kind="line"
            points={points}
            formatTick={(value) => formatMeasure(language, value)}
            texts={{
              title: t(`progress.chartTitle.${figure}`),
              description: t("progress.chartDescription"),
              empty: t("noChartData"),
              labelHeader: t("progress.date"),
              valueHeader: t(`progress.chartValue.${figure}`),
              closePinned: t("closePinned"),
            }}
          />
        </section>
      ) : null}
      <section className={`${styles.block} ${styles.wide}`} aria-labelledby="progress-sessions-title">
        <h2 id="progress-sessions-title" className={styles.blockTitle}>
          {t("progress.sessionsTitle")}
        </h2>
        <div className={styles.tableScroll}>
          <table className={styles.progressTable}>
            <thead>
              <tr>
                <th scope="col">{t("progress.date")}</th>
                {figure ? <th scope="col">{t(`records.kinds.${figure}`)}</th> : null}
                {withVolume ? <th scope="col">{t("progress.volume")}</th> : null}
                <th scope="col">{t("progress.sets")}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => {
                const value = figure ? session.figures[figure] : null;
                const volume = session.figures.volumeKg;
                return (
                  <tr key={session.sessionId}>
                    <th scope="row">
                      <time dateTime={session.startedAt}>{formatDate(language, session.startedAt)}</time>
                    </th>
                    {figure ? (
                      <td className="tabular">{value === null ? "–" : recordValueText(t, language, figure, value)}</td>
                    ) : null}
                    {withVolume ? (
                      <td className="tabular">
                        {volume === null ? "–" : recordValueText(t, language, "bestVolumeKg", volume)}
                      </td>
                    ) : null}
                    <td>{setsText(t, language, session.sets, session.mode === "cardio")}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className={styles.actions}>
          {olderCursor ? (
            <Link
              to={`${progressPath(exerciseId)}?${new URLSearchParams({ [OLDER_PAGE_PARAM]: olderCursor })}`}
              className="button button-secondary"
            >
              {t("progress.older")}
            </Link>
          ) : null}
          {isOlderPage ? (
            <Link to={progressPath(exerciseId)} className="button button-ghost">
              {t("progress.newest")}
            </Link>
          ) : null}
        </div>
      </section>
    </>
  );
}
