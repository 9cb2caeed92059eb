// The session's clock and durations: a stopwatch that can pause, shown as
// mm:ss, and the duration a saved session keeps. Pure: the page keeps the
// state in local storage (the start time under the spec's suivieStartedAt).

/** The active time of a session is at most a day (SESSION_LIMITS.durationSec). */
export const MAX_SESSION_SECONDS = 86_400;
/** The most a session may span between its start and its end (left running overnight, sent days later). */
export const MAX_SESSION_SPAN_MS = 7 * 86_400_000;

export interface TimerState {
  /** When the session was first started (epoch ms); null before 'Commencer'. */
  startedAt: number | null;
  /** Time counted before the current run (the runs before each pause). */
  elapsedMs: number;
  /** When the current run began; null while paused or not started. */
  runningSince: number | null;
}

export type TimerPhase = "idle" | "running" | "paused";

export const idleTimer = (): TimerState => ({ startedAt: null, elapsedMs: 0, runningSince: null });

/** idle shows 'Commencer', running a disabled 'En cours…', paused (a start time kept) 'Reprendre'. */
export function timerPhase(state: TimerState): TimerPhase {
  if (state.runningSince !== null) return "running";
  return state.startedAt === null ? "idle" : "paused";
}

/** Starts or resumes; a running clock is left as it is. */
export function startTimer(state: TimerState, now: number): TimerState {
  if (state.runningSince !== null) return state;
  return { startedAt: state.startedAt ?? now, elapsedMs: state.elapsedMs, runningSince: now };
}

export function pauseTimer(state: TimerState, now: number): TimerState {
  if (state.runningSince === null) return state;
  return { ...state, elapsedMs: elapsedMs(state, now), runningSince: null };
}

/** Time on the clock; a clock set back by the device never counts backwards. */
export function elapsedMs(state: TimerState, now: number): number {
  const running = state.runningSince === null ? 0 : Math.max(0, now - state.runningSince);
  return Math.max(0, state.elapsedMs) + running;
}

/** "mm:ss"; minutes go past 59 rather than adding hours ("75:03"). */
export function formatClock(ms: number): string {
  const totalSeconds = Math.floor(Math.max(0, ms) / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

/** A timer read back from storage: anything malformed is an idle clock. */
export function parseTimerState(value: unknown, startedAtValue: unknown): TimerState {
  const number = (candidate: unknown) =>
    typeof candidate === "number" && Number.isFinite(candidate) && candidate >= 0 ? candidate : null;
  const startedAt = number(typeof startedAtValue === "string" ? Number(startedAtValue) : startedAtValue);
  if (startedAt === null) return idleTimer();
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return {
    startedAt,
    elapsedMs: number(record.elapsedMs) ?? 0,
    runningSince: number(record.runningSince),
  };
}

/** The spec's rule: minutes are the rounded seconds / 60. */
export function durationMinutes(seconds: number): number {
  return Math.round(seconds / 60);
}

/**
 * The active seconds a saved session keeps: what the clock counted, never
 * more than the time between start and end, nor more than a day. Without a
 * count (a form sent without JavaScript) it is that time between the two.
 */
export function sessionDurationSeconds(startedAt: Date, endedAt: Date, counted: number | null): number {
  const span = Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / 1000));
  const active = counted === null ? span : Math.min(Math.round(Math.max(0, counted)), span);
  return Math.min(active, MAX_SESSION_SECONDS);
}

// ---------------------------------------------------------------------------
// Rest timer between sets

export interface RestCountdown {
  /** When the rest ends (epoch ms). */
  endsAt: number;
  totalSeconds: number;
}

export function startRest(seconds: number, now: number): RestCountdown {
  const totalSeconds = Math.max(1, Math.round(seconds));
  return { endsAt: now + totalSeconds * 1000, totalSeconds };
}

/** Whole seconds left, counted up (a rest of 90 s shows 90 at its start and 1 in its last second). */
export function restSecondsLeft(rest: RestCountdown, now: number): number {
  return Math.max(0, Math.ceil((rest.endsAt - now) / 1000));
}

/** What −15 s and +15 s change. */
export const REST_STEP_SECONDS = 15;

/**
 * The rest made shorter or longer while it runs: the end moves, never before
 * now (a rest cut to nothing is over), and the bar's length follows.
 */
export function adjustRest(rest: RestCountdown, deltaSeconds: number, now: number): RestCountdown {
  const endsAt = Math.max(now, rest.endsAt + deltaSeconds * 1000);
  return { endsAt, totalSeconds: Math.max(1, rest.totalSeconds + deltaSeconds) };
}

/** A rest read back from storage (a reload in the middle of one); anything malformed is no rest. */
export function parseRestCountdown(value: unknown): RestCountdown | null {
  if (!value || typeof value !== "object") return null;
  const { endsAt, totalSeconds } = value as Record<string, unknown>;
  const valid = (candidate: unknown): candidate is number =>
    typeof candidate === "number" && Number.isFinite(candidate) && candidate > 0;
  return valid(endsAt) && valid(totalSeconds) && totalSeconds <= MAX_SESSION_SECONDS ? { endsAt, totalSeconds } : null;
}
