import styles from "./stars.module.css";

/** Five stars, `rating` of them filled; screen readers hear the label ("4 étoiles sur 5") instead. */
export function Stars({
  rating,
  label,
  size = "medium",
}: {
  rating: number;
  label: string;
  size?: "small" | "medium";
}) {
  return (
    <span className={`${styles.stars} ${size === "small" ? styles.small : ""}`}>
      <span className="visually-hidden">{label}</span>
      {[1, 2, 3, 4, 5].map((position) => (
        <StarShape key={position} filled={position <= rating} />
      ))}
    </span>
  );
}

export function StarShape({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg
      className={`${styles.star} ${filled ? styles.filled : ""} ${className ?? ""}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
    </svg>
  );
}
