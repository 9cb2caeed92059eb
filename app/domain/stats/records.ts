// History records as the dashboard reads them (section 3): IMC records become
// {id, type imc, value, date, poids, categorie}; calorie records become
// {type calories, value, date}, the value from meta.calories or meta.kcal;
// other actions are dropped. A record whose figures cannot be read is kept
// (it can still be deleted) and marked invalid: 'Données invalides.'.

import { parseDashboardDate, readNumber } from "./session-reading.ts";

export interface ImcRecordView {
  id: string;
  type: "imc";
  /** The IMC; null when the record's figures are not valid. */
  value: number | null;
  /** ISO 8601. */
  date: string;
  poids: number | null;
  categorie: string | null;
  valid: boolean;
}

export interface CaloriesRecordView {
  id: string;
  type: "calories";
  value: number | null;
  date: string;
  valid: boolean;
}

export type DashboardRecord = ImcRecordView | CaloriesRecordView;

/** A history entry as the API returns it. */
export interface HistoryEntryLike {
  _id: string;
  action: string;
  createdAt: string;
  meta: Record<string, unknown>;
}

function positive(value: unknown, max: number): number | null {
  const number = readNumber(value);
  return number !== null && number > 0 && number <= max ? number : null;
}

/** meta.date when it reads as a date, else when the record was saved. */
function recordDate(entry: HistoryEntryLike): string {
  return (parseDashboardDate(entry.meta.date) ?? new Date(entry.createdAt)).toISOString();
}

export function toDashboardRecord(entry: HistoryEntryLike): DashboardRecord | null {
  if (entry.action === "IMC_CALC") {
    const value = positive(entry.meta.imc, 200);
    const poids = positive(entry.meta.poids, 1000);
    const categorie = typeof entry.meta.categorie === "string" ? entry.meta.categorie.slice(0, 100) : null;
    const valid = value !== null && poids !== null;
    return { id: entry._id, type: "imc", value, date: recordDate(entry), poids, categorie, valid };
  }
  if (entry.action === "CALORIES_CALC") {
    const value = positive(entry.meta.calories ?? entry.meta.kcal, 100_000);
    return { id: entry._id, type: "calories", value, date: recordDate(entry), valid: value !== null };
  }
  return null;
}

export function toDashboardRecords(entries: readonly HistoryEntryLike[]): DashboardRecord[] {
  return entries.map(toDashboardRecord).filter((record): record is DashboardRecord => record !== null);
}

export interface WeightPoint {
  /** ISO 8601. */
  date: string;
  poids: number;
}

/** The weight chart: valid IMC records, oldest first. */
export function weightSeries(records: readonly DashboardRecord[]): WeightPoint[] {
  return records
    .filter((record): record is ImcRecordView => record.type === "imc" && record.valid && record.poids !== null)
    .map((record) => ({ date: record.date, poids: record.poids! }))
    .toSorted((a, b) => a.date.localeCompare(b.date));
}
