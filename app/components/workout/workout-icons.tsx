// Icons of the builder's cards, drawn for the project like the site's other
// icons: a 24 px grid, a 2 px stroke, currentColor.

import type { ActivityType } from "~/domain/workout/activities";
import type { EquipmentId } from "~/domain/workout/catalogue-ids";

function Svg({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <svg
      className={className ?? "icon"}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const ACTIVITY_PATHS: Record<ActivityType, React.ReactNode> = {
  // A weightlifter holding a barbell overhead.
  muscu: (
    <>
      <path d="M3 4.5h18M5 2.5v4M19 2.5v4" />
      <circle cx="12" cy="9.5" r="2" />
      <path d="M8 4.5l1.5 7.5h5L16 4.5M12 12v5M12 17l-3 4.5M12 17l3 4.5" />
    </>
  ),
  // A heart and a pulse.
  cardio: (
    <>
      <path d="M12 20s-8-4.6-8-10.2A4.3 4.3 0 0 1 12 7.5a4.3 4.3 0 0 1 8 2.3C20 15.4 12 20 12 20z" />
      <path d="M4.5 12h4l1.5-2.5 2.5 5 1.5-2.5h5.5" />
    </>
  ),
  // A stopwatch.
  endurance: (
    <>
      <circle cx="12" cy="13.5" r="7.5" />
      <path d="M12 13.5V9.5M10 2.5h4M12 2.5V6M18.5 6.5l1.5-1.5" />
    </>
  ),
  // A person in the tree pose: hands joined overhead, one foot against the other knee.
  yoga: (
    <>
      <circle cx="12" cy="8" r="1.8" />
      <path d="M12 12l-3.5-3 3.5-5.5 3.5 5.5-3.5 3M12 10.5v6M12 16.5V22M12 16.5l4 2-4 1.5" />
    </>
  ),
  // A swimmer over waves.
  natation: (
    <>
      <circle cx="17" cy="7" r="2" />
      <path d="M3 11l5-3 4 3 3-1.5" />
      <path d="M2 15.5c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M2 19.5c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5" />
    </>
  ),
  // A person reaching to the side.
  etirement: (
    <>
      <circle cx="9" cy="4.5" r="2" />
      <path d="M9.5 7.5l1 6.5M10.5 14l-3.5 7M10.5 14l4.5 7M9.5 8.5 4 11M10 8 19 4" />
    </>
  ),
  // A person sitting cross-legged.
  meditation: (
    <>
      <circle cx="12" cy="5" r="2" />
      <path d="M12 8v6M12 10l-5 4 2 1M12 10l5 4-2 1M4 19c3-2.5 13-2.5 16 0" />
    </>
  ),
};

const EQUIPMENT_PATHS: Record<EquipmentId, React.ReactNode> = {
  // A standing person, arms open.
  "poids-du-corps": (
    <>
      <circle cx="12" cy="4.5" r="2" />
      <path d="M12 7.5v7M12 14.5l-3 6.5M12 14.5l3 6.5M5 9l7 1.5L19 9" />
    </>
  ),
  halteres: (
    <>
      <path d="M8 12h8" />
      <rect x="4.5" y="7.5" width="3.5" height="9" rx="1" />
      <rect x="16" y="7.5" width="3.5" height="9" rx="1" />
      <path d="M3 10.5v3M21 10.5v3" />
    </>
  ),
  barre: (
    <>
      <path d="M1.5 12h21" />
      <rect x="4" y="6" width="2.5" height="12" rx="1" />
      <rect x="7" y="8" width="2" height="8" rx="1" />
      <rect x="17.5" y="6" width="2.5" height="12" rx="1" />
      <rect x="15" y="8" width="2" height="8" rx="1" />
    </>
  ),
  // A weight stack in its frame.
  machine: (
    <>
      <path d="M4 21V3h16v18M2.5 21h19" />
      <path d="M12 3v4" />
      <rect x="8.5" y="7" width="7" height="3" rx=".5" />
      <rect x="8.5" y="11.5" width="7" height="3" rx=".5" />
      <rect x="8.5" y="16" width="7" height="3" rx=".5" />
    </>
  ),
  kettlebell: (
    <>
      <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />
      <path d="M6.5 20.5h11a6.5 6.5 0 1 0-11 0z" />
    </>
  ),
  // A pulley, its cable and the handle.
  poulie: (
    <>
      <circle cx="12" cy="5" r="3" />
      <path d="M9 5v10M15 5v5" />
      <path d="M6.5 15h5" />
      <path d="M12.5 10h5v4.5a2.5 2.5 0 0 1-5 0z" />
    </>
  ),
};

export function ActivityIcon({ activity, className }: { activity: ActivityType; className?: string }) {
  return <Svg className={className}>{ACTIVITY_PATHS[activity]}</Svg>;
}

export function EquipmentIcon({ equipment, className }: { equipment: EquipmentId; className?: string }) {
  return <Svg className={className}>{EQUIPMENT_PATHS[equipment]}</Svg>;
}

/** A muscle zone card (the grid shown when the body diagram cannot be). */
export function ZoneIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="3.5" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </Svg>
  );
}

export function CheckIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M5 12.5l4.5 4.5L19 7" />
    </Svg>
  );
}

export function ArrowUpIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M12 19V5M6 11l6-6 6 6" />
    </Svg>
  );
}

export function ArrowDownIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M12 5v14M6 13l6 6 6-6" />
    </Svg>
  );
}

/** The drag handle of a chosen exercise. */
export function GripIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" strokeWidth="3" />
    </Svg>
  );
}

export function SearchIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </Svg>
  );
}

export function LightbulbIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z" />
    </Svg>
  );
}

export function UndoIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M4 9h11a5 5 0 0 1 0 10H9" />
      <path d="M8 5 4 9l4 4" />
    </Svg>
  );
}
