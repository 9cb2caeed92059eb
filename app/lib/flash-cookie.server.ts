import { type Cookie, createCookie, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { AppConfig } from "~/config.server";
import { getServices } from "~/context.server";

// A form sent without JavaScript is answered with a redirect; its outcome
// rides along in a short-lived signed cookie for one page view, read and
// cleared by the next loader. Never anything secret.

const FLASH_LIFETIME_SECONDS = 60;

export interface FlashCookie<T> {
  /** The Set-Cookie value that carries `value` to the next page. */
  serialize(context: Readonly<RouterContextProvider>, value: T): Promise<string>;
  /**
   * The flash this request carries, and the Set-Cookie value that clears it
   * (null when there was none). Unsigned, tampered with or of another shape: none.
   */
  read(
    context: Readonly<RouterContextProvider>,
    request: Request,
  ): Promise<{ flash: T | null; clearCookie: string | null }>;
}

export function flashCookie<T>(name: string, schema: z.ZodType<T>): FlashCookie<T> {
  const cookies = new WeakMap<AppConfig, Cookie>();
  function cookieFor(config: AppConfig): Cookie {
    let cookie = cookies.get(config);
    if (!cookie) {
      cookie = createCookie(name, {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        maxAge: FLASH_LIFETIME_SECONDS,
        secure: config.isProduction,
        secrets: [config.sessionSecret],
      });
      cookies.set(config, cookie);
    }
    return cookie;
  }
  return {
    async serialize(context, value) {
      return cookieFor(getServices(context).config).serialize(schema.parse(value));
    },
    async read(context, request) {
      const header = request.headers.get("Cookie");
      if (!header?.includes(`${name}=`)) return { flash: null, clearCookie: null };
      const cookie = cookieFor(getServices(context).config);
      const parsed = schema.safeParse(await cookie.parse(header));
      const clearCookie = await cookie.serialize("", { maxAge: 0, expires: new Date(0) });
      return { flash: parsed.success ? parsed.data : null, clearCookie };
    },
  };
}
