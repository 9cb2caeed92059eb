// The tip card's rotation: every 5 minutes, never faster than every 30
// seconds, from a random tip.

export const TIP_ROTATION_MS = 5 * 60_000;
export const MIN_TIP_ROTATION_MS = 30_000;

/** The delay between two tips: the one asked for, but never under 30 s. */
export function tipRotationDelay(requestedMs: number = TIP_ROTATION_MS): number {
  return Number.isFinite(requestedMs) ? Math.max(MIN_TIP_ROTATION_MS, requestedMs) : TIP_ROTATION_MS;
}

/** A random index in 0..count-1 (0 when there is nothing to choose from). */
export function randomIndex(count: number, random: () => number = Math.random): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.floor(random() * count));
}

export function nextTipIndex(current: number, count: number): number {
  return count <= 0 ? 0 : (current + 1) % count;
}
