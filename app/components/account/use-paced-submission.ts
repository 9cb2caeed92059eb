import { useCallback, useEffect, useRef, useState } from "react";
import { ACCOUNT_MESSAGE_KEYS, type AccountMessage, accountMessage } from "~/domain/account";
import { fallbackMessageFor, unreadableAnswerMessageFor } from "./account-messages";
import type { AccountActionData, AccountIntent } from "~/lib/account-types";
import { accountActionPath } from "./account-url";

/** The action's answer, and a different text for the toast where the spec gives one. */
export interface AccountAnswer extends AccountActionData {
  toastMessage?: AccountMessage;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}

/** A message key the dialog can translate (the account action's answer), not anything else a server may say. */
function isAccountMessage(value: unknown): value is AccountMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    ACCOUNT_MESSAGE_KEYS.includes((value as { key?: unknown }).key as (typeof ACCOUNT_MESSAGE_KEYS)[number])
  );
}

/** Posts a dialog form to the account action asking for data (`_js=1`) instead of a redirect. */
async function postAccountForm(formData: FormData, signal: AbortSignal): Promise<AccountAnswer | null> {
  const intent = (formData.get("intent") ?? "login") as AccountIntent;
  formData.set("_js", "1");
  let response: Response;
  try {
    response = await fetch(accountActionPath, {
      method: "POST",
      body: formData,
      headers: { Accept: "application/json" },
      signal,
    });
  } catch {
    if (signal.aborted) return null;
    // No answer at all: the login's toast and its inline message differ in the spec.
    return {
      intent,
      ok: false,
      message: fallbackMessageFor(intent),
      ...(intent === "login" ? { toastMessage: accountMessage("connectionError") } : {}),
    };
  }
  const body = (await response.json().catch(() => null)) as Partial<AccountActionData> | null;
  if (body && isAccountMessage(body.message) && typeof body.ok === "boolean") {
    return { ...body, intent, ok: body.ok, message: body.message };
  }
  // An answer, but not the action's (a proxy's error page, a crash): the spec's message naming the status.
  return { intent, ok: false, message: unreadableAnswerMessageFor(intent, response.status) };
}

/**
 * Sends a dialog form with fetch and keeps its pending state on screen for at
 * least `minimumMs` (the spec's minimum display times), even on failure.
 * `cancel` aborts the request and drops its answer. A plain fetch rather than
 * a fetcher: a network failure then becomes the spec's fallback message, not
 * the page's error screen, and 'Annuler' can really abort.
 */
export function usePacedSubmission(minimumMs: number) {
  const [pending, setPending] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  /** The action's answer, or null when it was cancelled (or the view went away). */
  const submit = useCallback(
    async (formData: FormData): Promise<AccountAnswer | null> => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setPending(true);
      const [answer] = await Promise.all([
        postAccountForm(formData, controller.signal),
        delay(minimumMs, controller.signal),
      ]);
      if (controller.signal.aborted) return null;
      inFlight.current = null;
      setPending(false);
      return answer;
    },
    [minimumMs],
  );

  const cancel = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    setPending(false);
  }, []);

  return { pending, submit, cancel };
}
