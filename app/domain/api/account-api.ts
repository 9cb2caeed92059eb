// The account calls of the JSON API (sign-up, sign-in, the mails' links, my
// account): what they read, as zod (the routes validate with these), and what
// they answer (the API description and its proof test read those).

import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PSEUDO_MAX_LENGTH,
  PSEUDO_MIN_LENGTH,
} from "../account.ts";
import { EXPORT_FORMATS } from "../my-account.ts";
import { isoDateTime } from "./answers.ts";

const INVALID_BODY = "Corps de requête invalide.";

/** POST /api/login. Only plain values get through: an operator object such as {"$gt": ""} is a 400. */
export const loginBodySchema = z
  .object(
    {
      identifier: z
        .string({ error: "Identifiant et mot de passe sont requis." })
        .meta({ description: "The account's e-mail address or pseudo." }),
      password: z.string({ error: ACCOUNT_MESSAGES.loginRequired }),
      remember: z.boolean({ error: "remember doit être un booléen." }).optional().meta({
        description: "true: a long session whose cookie outlives the browser (how long: the security schemes).",
      }),
    },
    { error: INVALID_BODY },
  )
  .meta({ id: "LoginBody", examples: [{ identifier: "lea@example.com", password: "un-long-mot-de-passe" }] });

const optionalText = (message: string) => z.string({ error: message }).optional();

/**
 * POST /api/register: the spec's client sends {email, motdepasse, pseudo,
 * captchaToken: null}; it checks the confirmation and the privacy consent
 * before it calls. The rules (lengths, characters, a free pseudo) are the
 * sign-up form's, checked by the use case with its messages.
 */
export const registerBodySchema = z
  .object(
    {
      email: optionalText("Email invalide.").meta({
        description: `An e-mail address, ${EMAIL_MAX_LENGTH} characters at most.`,
      }),
      motdepasse: optionalText("Mot de passe requis.").meta({
        description: `The password: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
      }),
      pseudo: optionalText("Pseudo requis.").meta({
        description: `${PSEUDO_MIN_LENGTH} to ${PSEUDO_MAX_LENGTH} letters, digits, '.', '_' or '-'; unique.`,
      }),
      newsletter: z.boolean({ error: "newsletter doit être un booléen." }).optional().meta({
        description: "true: subscribe the address, confirmed when the address is verified.",
      }),
      captchaToken: z.unknown().optional().meta({ description: "Ignored (the captcha is off); the spec sends null." }),
    },
    { error: INVALID_BODY },
  )
  .meta({
    id: "RegisterBody",
    examples: [{ email: "lea@example.com", motdepasse: "un-long-mot-de-passe", pseudo: "lea", captchaToken: null }],
  });

export const forgotPasswordBodySchema = z
  .object({ email: z.string({ error: "Email invalide" }) }, { error: INVALID_BODY })
  .meta({ id: "ForgotPasswordBody", examples: [{ email: "lea@example.com" }] });

export const resendVerificationBodySchema = z
  .object({ email: z.string({ error: "Email invalide." }) }, { error: INVALID_BODY })
  .meta({ id: "ResendVerificationBody", examples: [{ email: "lea@example.com" }] });

export const resetPasswordBodySchema = z
  .object(
    {
      token: z
        .string({ error: "Lien invalide ou expiré." })
        .meta({ description: "The token of the reset link's address (?token=), valid one hour, once." }),
      password: z
        .string({ error: "Min 8 caractères." })
        .meta({ description: `The new password: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` }),
    },
    { error: INVALID_BODY },
  )
  .meta({ id: "ResetPasswordBody" });

/** GET /api/verify-email?token=: the token of the verification mail's link (24 hours, once). */
export const verifyEmailQuerySchema = z.object({
  token: z.string().optional().meta({ description: "The token of the verification mail's link." }),
});

/** GET /api/me/export?format=: JSON unless asked otherwise (an empty value too). */
export const exportQuerySchema = z.object({
  format: z
    .enum(["", ...EXPORT_FORMATS])
    .optional()
    .meta({ description: "json (the default): everything; history-csv and workouts-csv: one table each." }),
});

/** The account as the API shows it to its owner (GET /api/me, the login's answer). */
export const publicUserSchema = z
  .object({
    _id: z.string(),
    id: z.string(),
    role: z.enum(["user", "admin"]),
    prenom: z.string().nullable(),
    pseudo: z.string(),
    displayName: z.string().nullable(),
    email: z.string(),
    photo: z.string().nullable().meta({ description: "The profile photo's address, /photos/{user}/{version}.webp." }),
    weightKg: z.number().nullable(),
  })
  .meta({ id: "User" });

export const loginAnswerSchema = z
  .object({
    token: z.string().meta({
      description:
        "The bearer token: send it as `Authorization: Bearer <token>`. It is also the session cookie's value.",
    }),
    user: publicUserSchema,
    expiresAt: isoDateTime.meta({ description: "When the token stops working." }),
  })
  .meta({ id: "LoginAnswer" });

export const newsletterStateSchema = z
  .enum(["subscribed", "pending", "none"])
  .meta({ description: "pending: a confirmation mail went out and was not opened yet." });

export const newsletterStateAnswerSchema = z.object({ state: newsletterStateSchema });

export const newsletterChangeAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  state: newsletterStateSchema,
});
