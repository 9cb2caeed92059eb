// The routines' addresses (app/routes/routines*.tsx): the list, a routine's
// page, the address that starts it, and where a new one is posted.

export const ROUTINES_PATH = "/routines";
export const NEW_ROUTINE_PATH = "/routines/nouvelle";
export const routinePath = (id: string) => `/routines/${encodeURIComponent(id)}`;
export const routineStartPath = (id: string) => `/routines/${encodeURIComponent(id)}/commencer`;
