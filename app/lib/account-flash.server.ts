import { type Cookie, createCookie, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { type AccountFlash, accountIntents, accountViews } from "~/lib/account-types";
import type { AppConfig } from "~/config.server";
import { ACCOUNT_MESSAGE_KEYS } from "~/domain/account";
import { getServices } from "~/context.server";

// Without JavaScript the account action answers with a redirect; the outcome
// (message, non-secret values) rides along in this signed cookie for one
// page view, and the root loader reads and clears it. It never holds a password.

const flashCookieName = "dynami_account_flash";
const flashLifetimeSeconds = 60;
/** Keeps the cookie well under the browsers' 4 KB limit whatever was typed. */
const maxValueLength = 254;

const clipped = z.string().transform((value) => value.slice(0, maxValueLength));

/** A message key with its values (forgotSent's e-mail, tooManyAttempts' minutes). */
const messageSchema = z.union([
  z.object({ key: z.literal("forgotSent"), values: z.object({ email: clipped }) }),
  z.object({ key: z.literal("tooManyAttempts"), values: z.object({ count: z.number().int().min(0).max(1_000_000) }) }),
  z.object({
    key: z.enum(
      ACCOUNT_MESSAGE_KEYS.filter((key) => key !== "forgotSent" && key !== "tooManyAttempts") as [
        Exclude<(typeof ACCOUNT_MESSAGE_KEYS)[number], "forgotSent" | "tooManyAttempts">,
        ...Exclude<(typeof ACCOUNT_MESSAGE_KEYS)[number], "forgotSent" | "tooManyAttempts">[],
      ],
    ),
  }),
]);

const flashSchema = z.object({
  view: z.enum(accountViews),
  intent: z.enum(accountIntents),
  ok: z.boolean(),
  message: messageSchema,
  code: clipped.optional(),
  values: z
    .object({
      identifier: clipped.optional(),
      remember: z.boolean().optional(),
      pseudo: clipped.optional(),
      email: clipped.optional(),
      privacy: z.boolean().optional(),
      newsletter: z.boolean().optional(),
    })
    .strip()
    .optional(),
});

const cookies = new WeakMap<AppConfig, Cookie>();
function flashCookie(config: AppConfig): Cookie {
  let cookie = cookies.get(config);
  if (!cookie) {
    cookie = createCookie(flashCookieName, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: flashLifetimeSeconds,
      secure: config.isProduction,
      secrets: [config.sessionSecret],
    });
    cookies.set(config, cookie);
  }
  return cookie;
}

/** The Set-Cookie value that carries `flash` to the next page. */
export async function serializeAccountFlash(
  context: Readonly<RouterContextProvider>,
  flash: AccountFlash,
): Promise<string> {
  return flashCookie(getServices(context).config).serialize(flashSchema.parse(flash));
}

/**
 * The flash this request carries, if any, and the Set-Cookie value that
 * clears it (null when there was nothing to clear). A cookie that is
 * unsigned, tampered with or of another shape counts as none.
 */
export async function readAccountFlash(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<{ flash: AccountFlash | null; clearCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${flashCookieName}=`)) return { flash: null, clearCookie: null };
  const cookie = flashCookie(getServices(context).config);
  const parsed = flashSchema.safeParse(await cookie.parse(cookieHeader));
  const clearCookie = await cookie.serialize("", { maxAge: 0, expires: new Date(0) });
  return { flash: parsed.success ? parsed.data : null, clearCookie };
}
