// The builder's search parameter names, apart from the rest of its code so
// the layout can tell a builder-only change of address without loading it.

/** Search parameter names (French, like the rest of the site's addresses). */
export const BUILDER_PARAMS = {
  step: "etape",
  type: "type",
  equipment: "equipement",
  muscle: "muscle",
  chosen: "choix",
  dismissed: "ecarte",
  sessionName: "nom",
  mode: "mode",
  sort: "tri",
  allSuggestions: "plus",
  searchText: "q",
  searchKind: "ftype",
  searchMuscle: "fmuscle",
  searchEquipment: "fequipement",
  ticked: "coche",
  minLevel: "niveau-min",
  maxLevel: "niveau-max",
  tag: "tag",
  withoutTag: "sans-tag",
  /** A one-off request (a button of a form sent without JavaScript); never part of the state. */
  action: "action",
} as const;

/** Every parameter the builder owns: a change to these alone never concerns the rest of the layout. */
export const BUILDER_PARAM_NAMES: readonly string[] = Object.values(BUILDER_PARAMS);

/** The `mode` value of the session view: the browser's start loads its code before hydrating. */
export const SESSION_MODE_VALUE = "seance";

/** The `mode` value of the search ('Ajouter d'autres exercices'): its code, too, is loaded before hydrating. */
export const SEARCH_MODE_VALUE = "recherche";
