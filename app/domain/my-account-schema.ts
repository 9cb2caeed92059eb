// The JSON bodies of /api/me/... (server side only: the browser checks the
// page's forms with the plain rule functions of my-account.ts). Each field
// is a string or absent: an operator object never gets through, and a
// missing field is left to the rules, which name it.

import { z } from "zod";

/** `invalid` is the translated "Requête invalide." of the request's language. */
function fields<Shape extends Record<string, true>>(shape: Shape, invalid: string) {
  const text = z.string({ error: invalid }).optional();
  const entries = Object.keys(shape).map((name) => [name, text] as const);
  return z.object(Object.fromEntries(entries) as { [Name in keyof Shape]: typeof text }, { error: invalid });
}

export const passwordChangeBody = (invalid: string) =>
  // Stryker disable next-line BooleanLiteral: fields() reads only the shape's keys, never its values
  fields({ currentPassword: true, newPassword: true, confirmation: true }, invalid);

// Stryker disable next-line BooleanLiteral: fields() reads only the shape's keys, never its values
export const emailChangeBody = (invalid: string) => fields({ email: true, password: true }, invalid);

// Stryker disable next-line BooleanLiteral: fields() reads only the shape's keys, never its values
export const deletionBody = (invalid: string) => fields({ password: true }, invalid);

export const newsletterBody = (invalid: string) =>
  z.object({ subscribed: z.boolean({ error: invalid }) }, { error: invalid });
