import { useEffect, useState, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import {
  closedInput,
  type ExerciseIdentity,
  type ExerciseInput,
  hasLoggedValue,
  isExerciseDone,
  type KeptProgress,
  keptProgress,
  type SessionProgress,
} from "~/domain/workout/session-entries";
import { freshInputs } from "~/domain/workout/session-form";
import { buildSessionPayload, type SessionResult, sessionResultOf } from "~/domain/workout/session-payload";
import {
  adjustRest,
  elapsedMs,
  idleTimer,
  pauseTimer,
  type RestCountdown,
  restSecondsLeft,
  startRest,
  startTimer,
  type TimerState,
  timerPhase,
} from "~/domain/workout/session-timer";
import { keepPendingSession, newIdempotencyKey, retryDelayMs, sendPendingSessions } from "./session-outbox";
import {
  deviceStorage,
  deviceVersion,
  forgetSession,
  loadExerciseInput,
  loadExerciseInputs,
  loadRest,
  loadSessionNotes,
  loadTimer,
  saveExerciseInput,
  saveRest,
  saveSessionNotes,
  saveTimer,
  subscribeToDevice,
} from "./session-storage";

/** How long 'rest over' stays on screen after the countdown reaches 0. */
const REST_OVER_MS = 4_000;
/** A short buzz, a pause, a longer one: noticeable in a pocket, not alarming. */
const REST_OVER_VIBRATION = [200, 100, 400];
const TICK_MS = 500;

export interface SavingProgress {
  current: number;
  total: number;
}

export interface RestState {
  countdown: RestCountdown;
  secondsLeft: number;
}

/** What the rest timer says to screen readers: its start and its end, not every second. */
export type RestNews = { kind: "started"; seconds: number } | { kind: "over" } | null;

export interface SessionRunner {
  inputs: Record<string, ExerciseInput>;
  /** True once the inputs and the clock are read from the device (after hydration). */
  restored: boolean;
  setInput(id: string, change: (input: ExerciseInput) => ExerciseInput): void;
  /** Ticks or unticks a set of the card's mode as done; ticking a set with a rest time starts the rest. */
  tickSet(id: string, set: number): void;
  /** The notes on the whole session, kept on the device like the cards. */
  notes: string;
  setNotes(notes: string): void;
  openId: string | null;
  openCard(id: string): void;
  /** Closing the popup marks the exercise done (when a set holds a value) and saves it. */
  closeCard(): void;
  timer: TimerState;
  now: number;
  start(): void;
  pause(): void;
  progress: SessionProgress;
  confirming: boolean;
  askFinish(): void;
  cancelFinish(): void;
  confirmFinish(): Promise<void>;
  saving: SavingProgress | null;
  result: SessionResult | null;
  /** After the summary: a fresh session view. */
  backToSession(): void;
  rest: RestState | null;
  restNews: RestNews;
  startRest(seconds: number): void;
  /** −15 s or +15 s on the running rest. */
  changeRest(deltaSeconds: number): void;
  skipRest(): void;
}

export interface SessionRunnerOptions {
  exercises: readonly ExerciseIdentity[];
  sessionName: () => string;
  /** The signed-in user's id; null for a visitor (nothing is saved). */
  userId: string | null;
  /** The routine the session runs: its last run follows the save. */
  routineId?: string | null;
}

const NOT_HYDRATED = -1;

function progressOf(exercises: readonly ExerciseIdentity[], inputs: Record<string, ExerciseInput>): SessionProgress {
  return {
    done: exercises.filter((exercise) => isExerciseDone(inputs[exercise.id])).length,
    total: exercises.length,
  };
}

/**
 * The session in the browser: the cards' inputs and the clock, read from and
 * written to the device (the server renders a fresh session, the browser
 * then shows what the device kept); the popup; the finish (build, keep on
 * the device, send, report); the rest timer; the best progress figure.
 */
export function useSessionRunner({
  exercises,
  sessionName,
  userId,
  routineId = null,
}: SessionRunnerOptions): SessionRunner {
  const version = useSyncExternalStore(subscribeToDevice, deviceVersion, () => NOT_HYDRATED);
  // A saved session changes what the page shows of the user (their last session): read it again.
  const { revalidate } = useRevalidator();
  const restored = version !== NOT_HYDRATED;
  const inputs = restored ? loadExerciseInputs(deviceStorage, exercises) : freshInputs(exercises);
  const timer = restored ? loadTimer(deviceStorage) : idleTimer();
  const rest = restored ? loadRest(deviceStorage) : null;
  const notes = restored ? loadSessionNotes(deviceStorage) : "";

  const [now, setNow] = useState(() => Date.now());
  const [openId, setOpenId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState<SavingProgress | null>(null);
  const [result, setResult] = useState<SessionResult | null>(null);
  // On the device, so a reload in the middle of a rest keeps counting.
  const setRest = (countdown: RestCountdown | null) => saveRest(deviceStorage, countdown);

  // The best figure seen for this session, started over when the session changes (keptProgress).
  const sessionKey = exercises.map((exercise) => exercise.id).join(" ");
  const [kept, setKept] = useState<KeptProgress | null>(null);
  const keptNow = keptProgress(kept, sessionKey, progressOf(exercises, inputs));
  const progress = keptNow.best;

  function setInput(id: string, change: (input: ExerciseInput) => ExerciseInput) {
    const exercise = exercises.find((candidate) => candidate.id === id);
    if (!exercise) return;
    // From the device, not from this render: two changes in one tick build on each other.
    const next = change(loadExerciseInput(deviceStorage, exercise));
    saveExerciseInput(deviceStorage, id, next);
    setKept(keptProgress(keptNow, sessionKey, progressOf(exercises, { ...inputs, [id]: next })));
    // The first set logged starts the clock: a session is never saved with 0 minutes for want of 'Commencer'.
    const sets = next.mode === "cardio" ? next.cardioSets : next.sets;
    if ((hasLoggedValue(next) || sets.some((set) => set.done)) && timerPhase(loadTimer(deviceStorage)) === "idle") {
      updateTimer(startTimer);
    }
  }

  function tickSet(id: string, index: number) {
    let restSeconds = 0;
    setInput(id, (input) => {
      const cardio = input.mode === "cardio";
      const set = (cardio ? input.cardioSets : input.sets)[index];
      if (!set) return input;
      const done = !set.done;
      if (done && "restSec" in set && set.restSec) restSeconds = set.restSec;
      const toggle = <T extends { done?: boolean }>(list: T[]) =>
        list.map((item, k) => (k === index ? { ...item, done } : item));
      return cardio ? { ...input, cardioSets: toggle(input.cardioSets) } : { ...input, sets: toggle(input.sets) };
    });
    if (restSeconds > 0) beginRest(restSeconds);
  }

  function beginRest(seconds: number) {
    const at = Date.now();
    setRest(startRest(seconds, at));
    setNow(at);
  }

  function updateTimer(change: (state: TimerState, at: number) => TimerState) {
    const at = Date.now();
    saveTimer(deviceStorage, change(loadTimer(deviceStorage), at));
    setNow(at);
  }

  // The clock and the rest countdown move on while either runs.
  const ticking = timer.runningSince !== null || rest !== null;
  useEffect(() => {
    if (!ticking) return;
    const interval = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(interval);
  }, [ticking]);

  const restLeft = rest ? restSecondsLeft(rest, now) : null;
  const restOver = restLeft === 0;
  const restEndsAt = rest?.endsAt ?? null;
  useEffect(() => {
    if (!restOver || restEndsAt === null) return;
    // A rest that ended long ago (the page was reloaded much later) goes without a buzz.
    const sinceEnd = Date.now() - restEndsAt;
    if (sinceEnd < REST_OVER_MS) navigator.vibrate?.(REST_OVER_VIBRATION);
    const timeout = window.setTimeout(() => saveRest(deviceStorage, null), Math.max(0, REST_OVER_MS - sinceEnd));
    return () => window.clearTimeout(timeout);
  }, [restOver, restEndsAt]);

  async function confirmFinish() {
    setConfirming(false);
    setOpenId(null);
    setRest(null);
    const endedAt = Date.now();
    // The clock stops here; what it counted is the session's active time.
    const frozen = pauseTimer(timer, endedAt);
    const key = newIdempotencyKey();
    const payload = buildSessionPayload({
      name: sessionName(),
      exercises,
      inputs,
      startedAt: new Date(frozen.startedAt ?? endedAt),
      endedAt: new Date(endedAt),
      countedSeconds: frozen.startedAt === null ? 0 : elapsedMs(frozen, endedAt) / 1000,
      notes: loadSessionNotes(deviceStorage),
      idempotencyKey: key,
      routineId,
    });
    // For the summary's 'Enregistrer comme routine': each card's mode.
    const planned = exercises.map((exercise) => ({ id: exercise.id, mode: inputs[exercise.id]?.mode ?? "muscu" }));
    // Then everything resets: the next session starts from nothing.
    forgetSession(deviceStorage);
    setKept(null);

    if (userId === null) {
      setResult(sessionResultOf(payload, { outcome: "signed-out" }));
      return;
    }
    if (payload.entries.length === 0) {
      setResult(sessionResultOf(payload, { outcome: "nothing-to-save", planned }));
      return;
    }
    // On the device first: whatever happens to the request, the session is not lost.
    keepPendingSession(localStorage, { key, userId, payload, keptAt: endedAt });
    setSaving({ current: 1, total: 1 });
    const report = await sendPendingSessions({
      userId,
      onProgress: (current, total) => setSaving({ current, total }),
    });
    setSaving(null);
    if (report.saved.length > 0) void revalidate();
    const mine = report.refused.find((refusal) => refusal.key === key);
    setResult(
      sessionResultOf(payload, {
        outcome: report.saved.includes(key) ? "saved" : mine ? "failed" : "kept-on-device",
        errorCount: report.refused.length,
        refusal: mine?.refusal ?? report.refused[0]?.refusal ?? null,
        newRecords: report.newRecords[key] ?? [],
        planned,
      }),
    );
  }

  // A session kept on the device goes as soon as the network is back; the summary then says so.
  const waiting = result?.outcome === "kept-on-device";
  useEffect(() => {
    if (!waiting || userId === null) return;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const retry = async () => {
      const report = await sendPendingSessions({ userId });
      if (report.saved.length > 0 && report.kept.length === 0) {
        setResult((current) => current && { ...current, outcome: "saved", savedCount: 1 });
        void revalidate();
        return;
      }
      // Still kept while the browser says it is online: the network may not carry requests yet.
      const delay = report.kept.length > 0 && navigator.onLine ? retryDelayMs(attempt++) : null;
      if (delay !== null) retryTimer = setTimeout(() => void retry(), delay);
    };
    const backOnline = () => {
      clearTimeout(retryTimer);
      attempt = 0;
      void retry();
    };
    window.addEventListener("online", backOnline);
    return () => {
      window.removeEventListener("online", backOnline);
      clearTimeout(retryTimer);
    };
  }, [waiting, userId, revalidate]);

  return {
    inputs,
    restored,
    setInput,
    tickSet,
    notes,
    setNotes: (text) => saveSessionNotes(deviceStorage, text),
    openId,
    openCard: setOpenId,
    closeCard() {
      if (openId !== null) setInput(openId, closedInput);
      setOpenId(null);
    },
    timer,
    now,
    start: () => updateTimer(startTimer),
    pause: () => updateTimer(pauseTimer),
    progress,
    confirming,
    askFinish: () => setConfirming(true),
    cancelFinish: () => setConfirming(false),
    confirmFinish,
    saving,
    result,
    backToSession: () => setResult(null),
    rest: rest && restLeft !== null ? { countdown: rest, secondsLeft: restLeft } : null,
    restNews: rest === null ? null : restOver ? { kind: "over" } : { kind: "started", seconds: rest.totalSeconds },
    startRest: beginRest,
    changeRest(deltaSeconds) {
      if (!rest) return;
      const at = Date.now();
      setRest(adjustRest(rest, deltaSeconds, at));
      setNow(at);
    },
    skipRest: () => setRest(null),
  };
}
