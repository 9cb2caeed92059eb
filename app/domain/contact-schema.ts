// The contact form as a zod schema, for the server (the page action through
// conform's parseWithZod, and POST /api/contact). The rules are
// validateContact's: kept apart so the browser, which calls that function
// directly, never loads zod.
import { z } from "zod";
import { documentedAs } from "./api/documented.ts";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactInput,
  type ContactMessages,
  validateContact,
} from "./contact.ts";

/**
 * One issue per failing field, on its path, in the form's order (the API
 * answers the first). A JSON body that is not an object at all gets the
 * first rule's message.
 */
export function createContactSchema(messages: ContactMessages = CONTACT_MESSAGES) {
  return z.unknown().transform((raw, ctx): ContactInput => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      ctx.addIssue({ code: "custom", message: messages.nomRequired, input: raw });
      return z.NEVER;
    }
    const checked = validateContact(raw, messages);
    if (checked.ok) return checked.value;
    for (const field of CONTACT_FIELDS) {
      const message = checked.errors[field];
      if (message)
        ctx.addIssue({ code: "custom", path: [field], message, input: (raw as Record<string, unknown>)[field] });
    }
    return z.NEVER;
  });
}

/**
 * What the API description shows of POST /api/contact's body: the rules
 * above read each field as sent (anything but a string is empty), so the
 * schema itself says nothing of its shape. Lengths count once trimmed.
 */
export const contactBodyDescription = z
  .object({
    nom: z.string().min(1).max(CONTACT_LIMITS.nom),
    email: z.email().max(CONTACT_LIMITS.email),
    sujet: z.string().min(1).max(CONTACT_LIMITS.sujet),
    message: z.string().min(1).max(CONTACT_LIMITS.message),
    consent: z.literal(true).meta({ description: "The privacy policy accepted." }),
    captchaToken: z.null().optional().meta({ description: "Ignored (the captcha is off); the spec sends null." }),
  })
  .meta({
    id: "ContactBody",
    examples: [
      {
        nom: "Léa Martin",
        email: "lea@example.com",
        sujet: "Une question",
        message: "Bonjour, une question sur les séances.",
        consent: true,
        captchaToken: null,
      },
    ],
  });

export const contactSchema = documentedAs(createContactSchema(), contactBodyDescription);
