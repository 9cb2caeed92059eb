import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import styles from "./tool-tabs.module.css";

export const TOOL_TABS = ["imc", "calories"] as const;
export type ToolTab = (typeof TOOL_TABS)[number];
export const TAB_PARAM = "onglet";

/** ?onglet=calories picks the calorie tab; anything else, IMC (the default). */
export function toolTabFrom(value: string | null | undefined): ToolTab {
  return value === "calories" ? "calories" : "imc";
}

interface ToolTabsProps {
  selected: ToolTab;
  panels: Record<ToolTab, React.ReactNode>;
}

/**
 * The IMC / Calories tabs of /outils. Each tab is a link (?onglet=...#outils)
 * the server answers with that panel selected, so they work without
 * JavaScript. With it, they follow the ARIA tabs pattern: one tab stop,
 * arrow keys, Home and End move between tabs and show their panel in place,
 * and the address follows so a reload or a shared link opens the same tab.
 */
export function ToolTabs({ selected, panels }: ToolTabsProps) {
  const { t } = useTranslation("tools");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [current, setCurrent] = useState<ToolTab>(selected);
  // A panel's calculator is built the first time its tab shows, then kept
  // (with what was typed): the page arrives and hydrates with one calculator,
  // not two. Without JavaScript each tab is its own page anyway.
  const [opened, setOpened] = useState<ReadonlySet<ToolTab>>(() => new Set([selected]));
  const isBuilt = (tab: ToolTab) => opened.has(tab) || tab === current || tab === selected;
  const [lastSelected, setLastSelected] = useState<ToolTab>(selected);
  const tabs = useRef<Partial<Record<ToolTab, HTMLAnchorElement | null>>>({});

  // The address chose another tab (back/forward, or a form post that answered
  // for the other calculator): show it, without waiting for an effect.
  if (selected !== lastSelected) {
    setLastSelected(selected);
    setCurrent(selected);
    setOpened((previous) => new Set([...previous, current, selected]));
  }

  function select(tab: ToolTab, moveFocus: boolean) {
    setCurrent(tab);
    setOpened((previous) => new Set([...previous, current, tab]));
    if (moveFocus) tabs.current[tab]?.focus();
    void navigate(`?${TAB_PARAM}=${tab}`, { replace: true, preventScrollReset: true });
  }

  function onClick(event: React.MouseEvent<HTMLAnchorElement>, tab: ToolTab) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    select(tab, false);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLAnchorElement>) {
    const index = TOOL_TABS.indexOf(current);
    const last = TOOL_TABS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? TOOL_TABS[index === last ? 0 : index + 1]
        : event.key === "ArrowLeft"
          ? TOOL_TABS[index === 0 ? last : index - 1]
          : event.key === "Home"
            ? TOOL_TABS[0]
            : event.key === "End"
              ? TOOL_TABS[last]
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target, true);
  }

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={t("outils.tabsLabel")} className={styles.tablist}>
        {TOOL_TABS.map((tab) => {
          const isSelected = tab === current;
          return (
            <a
              key={tab}
              ref={(element) => {
                tabs.current[tab] = element;
              }}
              id={`onglet-${tab}`}
              role="tab"
              href={`?${TAB_PARAM}=${tab}#outils`}
              aria-selected={isSelected}
              aria-controls={`panneau-${tab}`}
              // A single tab stop once the arrow keys work; before that, both links stay reachable.
              tabIndex={hydrated ? (isSelected ? 0 : -1) : undefined}
              className={styles.tab}
              onClick={(event) => onClick(event, tab)}
              onKeyDown={onKeyDown}
            >
              <TabIcon tab={tab} />
              {t(`outils.tabs.${tab}`)}
            </a>
          );
        })}
      </div>
      {TOOL_TABS.map((tab) => (
        <div
          key={tab}
          id={`panneau-${tab}`}
          role="tabpanel"
          aria-labelledby={`onglet-${tab}`}
          hidden={tab !== current}
          className={styles.panel}
        >
          {isBuilt(tab) ? panels[tab] : null}
        </div>
      ))}
    </div>
  );
}

function TabIcon({ tab }: { tab: ToolTab }) {
  return (
    <svg className={styles.tabIcon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {tab === "imc" ? (
        <>
          <path d="M4 17a8 8 0 0 1 16 0" />
          <path d="M12 17l4-5" />
        </>
      ) : (
        <path d="M12 3c3 4 6 6.5 6 10.5a6 6 0 0 1-12 0c0-2.5 1.3-4 2.6-5.3 0 2 .7 3.3 2 3.3 0-3.3 0-6 1.4-8.5z" />
      )}
    </svg>
  );
}
