import { CheckIcon } from "./workout-icons";
import styles from "./workout.module.css";

export interface CardOption {
  id: string;
  label: string;
  hint?: string;
  icon: React.ReactNode;
  selected: boolean;
  /** Shown, but picking it only explains why it cannot be picked: the short reason, under its label. */
  notAllowed?: string;
  /** The `action` value the card's button sends. */
  action: string;
}

/**
 * A grid of selectable cards (icon, label, checkmark when selected). Each
 * card is a toggle button that submits the builder's form, so picking works
 * without JavaScript; with it, the form is handled in place.
 */
export function CardPicker({
  options,
  label,
  describedBy,
}: {
  options: CardOption[];
  label: string;
  describedBy?: string;
}) {
  return (
    <ul className={styles.cards} aria-label={label} aria-describedby={describedBy}>
      {options.map((option) => (
        <li key={option.id}>
          <button
            type="submit"
            name="action"
            value={option.action}
            className={styles.card}
            aria-pressed={option.selected}
            aria-disabled={option.notAllowed ? true : undefined}
            data-option={option.id}
          >
            <span className={styles.cardIcon}>{option.icon}</span>
            <span className={styles.cardText}>
              <span className={styles.cardLabel}>{option.label}</span>
              {option.notAllowed ? (
                <span className={styles.cardHint}>{option.notAllowed}</span>
              ) : option.hint ? (
                <span className={styles.cardHint}>{option.hint}</span>
              ) : null}
            </span>
            <span className={styles.cardCheck} aria-hidden="true">
              {option.selected ? <CheckIcon className={styles.cardCheckIcon} /> : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
