import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** What a form of My account shows once its call answered. */
export interface CallOutcome {
  ok: boolean;
  /** Already in the reader's language: the API's own, or one of the fallbacks below. */
  message: string;
  /** The field the refusal is about, when the API names one. */
  field?: string;
  /** The rest of the API's JSON answer. */
  body?: Record<string, unknown>;
}

/**
 * With JavaScript the page's forms call their /api/me twin (the same use
 * case as the page's action) and show its translated message in place.
 * When the answer is not the JSON expected (a proxy's error page, a crash)
 * or the network fails, the spec's fallbacks: 'Erreur serveur' for a 500,
 * 'Erreur HTTP {status}' otherwise, 'Erreur de connexion. Réessaie.'
 * without an answer.
 */
export function useAccountCall() {
  const { t } = useTranslation("my-account");
  const [pending, setPending] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const call = useCallback(
    async (path: string, method: "POST" | "DELETE", body?: unknown): Promise<CallOutcome | null> => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setPending(true);
      try {
        const response = await fetch(path, {
          method,
          headers: {
            Accept: "application/json",
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        });
        const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
        if (answer && typeof answer.message === "string") {
          const field = typeof answer.field === "string" ? answer.field : undefined;
          return { ok: response.ok, message: answer.message, field, body: answer };
        }
        return {
          ok: false,
          message:
            response.status === 500 ? t("fallback.serverError") : t("fallback.httpError", { status: response.status }),
        };
      } catch {
        // Left the page, or a newer call replaced this one: nobody waits for the answer.
        if (controller.signal.aborted) return null;
        return { ok: false, message: t("fallback.network") };
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setPending(false);
        }
      }
    },
    [t],
  );

  return { pending, call };
}
