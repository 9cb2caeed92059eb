// Where the dashboard is, on its own: app/entry.client.tsx reads these on
// every page and needs nothing else of the dashboard's types.

/** The search parameter that asks to confirm a deletion: "photo", a measure's id, or "seance-" and a workout's id. */
export const confirmSearchParam = "supprimer";
/** The dashboard's page, where its forms post. */
export const dashboardPath = "/historique";
