/**
 * Runs `run` and resolves no sooner than `ms` after the call, so a pending
 * state stays on screen for the spec's minimum time. A failure of `run` (a
 * request that never reaches the server) resolves to `fallback` instead,
 * after the same minimum time.
 */
export async function withMinimumDuration<T>(ms: number, run: () => Promise<T>, fallback: T): Promise<T> {
  const startedAt = Date.now();
  let answer: T;
  try {
    answer = await run();
  } catch {
    answer = fallback;
  }
  const remaining = ms - (Date.now() - startedAt);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  return answer;
}
