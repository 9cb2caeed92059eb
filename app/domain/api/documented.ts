// What the API description says of a value the server reads in its own way.
//
// Most request schemas describe themselves: zod's JSON Schema output of their
// input side is the document. A few read the raw value on purpose (a rule the
// browser shares without loading zod, a field normalised before its limit is
// checked, an answer per field that needs the value as sent): their input side
// is `unknown`, which tells a client nothing. `documentedAs` attaches the zod
// schema of what a client should send, built from the same constants as the
// rule; the generator prints it in their place, and the proof test sends the
// document's examples to the real routes.

import { z } from "zod";

export interface DocumentedInput {
  /** What a client sends, as zod (its JSON Schema goes into the document). */
  input: z.ZodType;
}

/** Keyed by the validating schema; a WeakMap, so schemas built per request leave nothing behind. */
const documentedInputs = new WeakMap<object, DocumentedInput>();

/** `schema` validates; the document shows `input` in its place. */
export function documentedAs<Schema extends z.ZodType>(schema: Schema, input: z.ZodType): Schema {
  documentedInputs.set(schema, { input });
  return schema;
}

/** What the document shows for this schema, when it is not the schema's own input. */
export function documentedInputOf(schema: object): z.ZodType | null {
  return documentedInputs.get(schema)?.input ?? null;
}
