// The exercise catalogue's reference lists (the spec's ids, in their
// canonical order) and the schema every file of public/data/exo/ follows.
// The catalogue build script writes files that pass this schema; the server
// loads and indexes them once at start; a test checks every file against it.

import { z } from "zod";

import { EQUIPMENT_IDS, EXERCISE_KINDS, MUSCLE_ZONES } from "./catalogue-ids.ts";

export * from "./catalogue-ids.ts";

const translatedText = (min: number, max: number) =>
  z.object({
    fr: z.string().trim().min(min).max(max),
    en: z.string().trim().min(min).max(max),
    de: z.string().trim().min(min).max(max),
    es: z.string().trim().min(min).max(max),
  });

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case ascii words joined by hyphens");

export const exerciseSchema = z
  .object({
    /** Stable across builds; unique over the whole catalogue. */
    id: slug,
    /** Unique over the whole catalogue, derived from the French name. */
    slug,
    /** The French name, shown on French pages. */
    name: z.string().trim().min(2).max(80),
    /** Shown when the page is in that language. */
    names: z.object({
      en: z.string().trim().min(2).max(80),
      de: z.string().trim().min(2).max(80),
      es: z.string().trim().min(2).max(80),
    }),
    /** English name and common French variants; matched by search. */
    aliases: z.array(z.string().trim().min(2).max(80)).max(12),
    /** Kinds the exercise belongs to; the first is the kind of the file it sits in. */
    type: z.array(z.enum(EXERCISE_KINDS)).min(1),
    muscles: z.array(z.enum(MUSCLE_ZONES)),
    /** Null only for exercises that train no muscle (meditation). */
    primaryMuscle: z.enum(MUSCLE_ZONES).nullable(),
    equipment: z.array(z.enum(EQUIPMENT_IDS)).min(1),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    popularity: z.number().int().min(0).max(100),
    /** ISO 8601 date (yyyy-mm-dd). */
    addedAt: z.iso.date(),
    tags: z.array(slug).max(12),
    description: translatedText(20, 400),
  })
  .strict()
  .refine((exercise) => exercise.primaryMuscle === null || exercise.muscles.includes(exercise.primaryMuscle), {
    message: "primaryMuscle must be one of muscles",
  });
export type Exercise = z.infer<typeof exerciseSchema>;

export const catalogueFileSchema = z.object({ exercises: z.array(exerciseSchema) }).strict();
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;
