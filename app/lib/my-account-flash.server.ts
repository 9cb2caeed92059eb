import { type Cookie, createCookie, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { AppConfig } from "~/config.server";
import { getServices } from "~/context.server";
import { MY_ACCOUNT_MESSAGES, type MyAccountMessage } from "~/domain/my-account";

// Without JavaScript, a form of /mon-compte that succeeds answers with a
// redirect back to the page (reloading it never sends the form again); its
// message rides along in this signed cookie for one view of the page.

export const myAccountSections = ["photo", "password", "email", "newsletter", "sessions", "data", "delete"] as const;
export type MyAccountSection = (typeof myAccountSections)[number];

export interface MyAccountFlash {
  section: MyAccountSection;
  ok: boolean;
  message: MyAccountMessage;
}

const flashCookieName = "dynami_my_account_flash";

const flashSchema = z.object({
  section: z.enum(myAccountSections),
  ok: z.boolean(),
  message: z.object({
    key: z.enum(Object.keys(MY_ACCOUNT_MESSAGES) as [keyof typeof MY_ACCOUNT_MESSAGES]),
    values: z.record(z.string(), z.union([z.string().max(254), z.number()])).optional(),
  }),
});

const cookies = new WeakMap<AppConfig, Cookie>();
function flashCookie(config: AppConfig): Cookie {
  let cookie = cookies.get(config);
  if (!cookie) {
    cookie = createCookie(flashCookieName, {
      httpOnly: true,
      sameSite: "lax",
      path: "/mon-compte",
      maxAge: 60,
      secure: config.isProduction,
      secrets: [config.sessionSecret],
    });
    cookies.set(config, cookie);
  }
  return cookie;
}

export async function serializeMyAccountFlash(
  context: Readonly<RouterContextProvider>,
  flash: MyAccountFlash,
): Promise<string> {
  return flashCookie(getServices(context).config).serialize(flashSchema.parse(flash));
}

/** The flash of this request, if any, and the Set-Cookie that clears it (null when there was none). */
export async function readMyAccountFlash(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<{ flash: MyAccountFlash | null; clearCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${flashCookieName}=`)) return { flash: null, clearCookie: null };
  const cookie = flashCookie(getServices(context).config);
  const parsed = flashSchema.safeParse(await cookie.parse(cookieHeader));
  const clearCookie = await cookie.serialize("", { maxAge: 0, expires: new Date(0) });
  return { flash: parsed.success ? parsed.data : null, clearCookie };
}
