// The builder without a network (the gym's basement): each change of the
// builder is an address whose lists the server makes (builder-view.ts); when
// the request cannot leave the device, the browser makes them itself, with
// the same rules, from the catalogue files the service worker keeps
// (/data/exo/{kind}.json). Loaded only then, by the route's clientLoader
// (app/routes/exo.tsx).
import { redirect, redirectDocument } from "react-router";
import { builderRequest, type BuilderView } from "~/domain/workout/builder-view";
import { EXERCISE_KINDS } from "~/domain/workout/catalogue";
import { type ExerciseCatalogue, loadCatalogue } from "~/domain/workout/catalogue-index";
import type { SessionFormStart } from "~/services/workout/session-page.server";
import { fallbackLanguage, toSupportedLanguage } from "~/i18n/languages";
import { newIdempotencyKey } from "./session/session-outbox";

/** What the offline page keeps of the page shown before (its texts, the user panel) and makes anew. */
export interface ExoPage {
  language: string;
  view: BuilderView;
  sessionStart: SessionFormStart | null;
}

let catalogue: Promise<ExerciseCatalogue> | null = null;

/** The catalogue from its files, read and indexed once per page (the same files the server bundles). */
function offlineCatalogue(): Promise<ExerciseCatalogue> {
  catalogue ??= Promise.all(
    EXERCISE_KINDS.map(async (kind) => {
      const file = `/data/exo/${kind}.json`;
      const response = await fetch(file);
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      return [file, (await response.json()) as unknown] as const;
    }),
  ).then((files) => loadCatalogue(Object.fromEntries(files)));
  // A failed read is tried again at the next change.
  catalogue.catch(() => {
    catalogue = null;
  });
  return catalogue;
}

/**
 * The page of `url`, made in the browser from the page shown before. Without
 * one (the builder reached from another page), the browser loads the
 * address as a document instead: the service worker answers it with its
 * copy. When the catalogue cannot be read either, the network's error
 * stands (the page's error screen offers to retry).
 */
export async function offlineExoPage<Page extends ExoPage>(
  url: URL,
  shown: Page | null,
  networkError: unknown,
): Promise<Page> {
  if (!shown) throw redirectDocument(url.pathname + url.search);
  const ready = await offlineCatalogue().catch(() => null);
  if (!ready || ready.status !== "ready") throw networkError;
  const outcome = builderRequest(url, {
    language: toSupportedLanguage(shown.language) ?? fallbackLanguage,
    defaultSessionName: shown.view.defaultSessionName,
    now: new Date(),
    catalogue: ready,
  });
  if ("redirect" in outcome) throw redirect(outcome.redirect);
  const session = outcome.view.state.mode === "session";
  return {
    ...shown,
    view: outcome.view,
    sessionStart: session ? { startedAt: Date.now(), idempotencyKey: newIdempotencyKey() } : null,
  };
}
