// The orders of the builder's proposed list. Apart from suggestions.ts so the
// builder's page can offer them without loading the search and scoring code
// (the browser runs that only offline, loaded on demand).

export const SORT_ORDERS = ["relevance", "name", "difficulty"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
