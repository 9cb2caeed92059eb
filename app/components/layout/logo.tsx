/** The three stacked pebbles, drawn for the project. */
export function PebblesLogo({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={`logo-pebbles ${className ?? ""}`.trim()}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="16" cy="25.5" rx="12" ry="5" className="pebble pebble-base" />
      <ellipse cx="16" cy="16.5" rx="8.5" ry="4.2" className="pebble pebble-middle" />
      <ellipse cx="16" cy="8.5" rx="5.2" ry="3.3" className="pebble pebble-top" />
    </svg>
  );
}
