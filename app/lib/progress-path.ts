/** The progress page of one exercise (app/routes/progression.$exerciseId.tsx). */
export const progressPath = (exerciseId: string) => `/progression/${encodeURIComponent(exerciseId)}`;
