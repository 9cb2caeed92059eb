import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { PebblesLogo } from "./logo";
import styles from "./animated-logo.module.css";

/** The eight animations, in the order a click or Enter/Space cycles through them. */
export const LOGO_ANIMATIONS = ["stretch", "bounce", "wiggle", "wave", "pop", "swing", "explode", "fall"] as const;
/** The animation's class is removed after this long, ready for the next one. */
export const LOGO_ANIMATION_MS = 2400;

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The pebbles, playful: each activation plays the next of the eight
 * animations. A button once JavaScript runs (before that, and without it,
 * the plain logo); nothing moves for people who ask for reduced motion.
 */
export function AnimatedPebblesLogo({ size, label }: { size: number; label: string }) {
  const hydrated = useHydrated();
  // How many animations have started: the next one is LOGO_ANIMATIONS[started % 8].
  const [started, setStarted] = useState(0);
  const [playing, setPlaying] = useState<{ run: number } | null>(null);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setPlaying(null), LOGO_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [playing]);

  if (!hydrated) return <PebblesLogo size={size} />;
  const animation = playing ? LOGO_ANIMATIONS[playing.run % LOGO_ANIMATIONS.length]! : null;
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={label}
      title={label}
      data-animation={animation ?? undefined}
      onClick={() => {
        if (reducedMotion()) return;
        setPlaying({ run: started });
        setStarted(started + 1);
      }}
    >
      {/* A new key restarts the CSS animation when the next one begins mid-way. */}
      <PebblesLogo key={playing?.run ?? "still"} size={size} className={animation ? styles[animation] : undefined} />
    </button>
  );
}
