// The installable app's files and names, shared by the layout that links
// them, the server that serves them, the build that writes them and the
// service worker that keeps them. Plain constants: every page imports this.

/** The service worker's script, at the root so its scope is the whole site. */
export const SERVICE_WORKER_PATH = "/sw.js";

/** What a page tells the waiting worker when its user chooses 'Recharger': take over now. */
export const SKIP_WAITING_MESSAGE = "SKIP_WAITING";

/** Where the installed app opens: the workout builder, the page used on the gym floor. */
export const START_URL = "/exo";

/** One web app manifest per language, its name and description in that language. */
export const manifestPath = (language: string) => `/manifest.${language}.webmanifest`;

/** The page the worker answers a navigation with when it has neither the network nor a copy. */
export const offlinePagePath = (language: string) => `/hors-ligne/${language}.html`;

/** The light theme's primary and page background (app/styles/global.css). */
export const THEME_COLOR = "#0f766e";
export const BACKGROUND_COLOR = "#f6f8f7";

export interface AppIcon {
  path: string;
  size: number;
  /** "maskable": drawn to fill any shape the system cuts (a circle, a squircle). */
  purpose: "any" | "maskable";
}

export const APP_ICONS: readonly AppIcon[] = [
  { path: "/icons/icon-192.png", size: 192, purpose: "any" },
  { path: "/icons/icon-512.png", size: 512, purpose: "any" },
  { path: "/icons/maskable-512.png", size: 512, purpose: "maskable" },
];

/** iOS reads its home-screen icon from a link, not from the manifest. */
export const APPLE_TOUCH_ICON: AppIcon = { path: "/icons/apple-touch-icon.png", size: 180, purpose: "any" };

/**
 * Response header naming the account this browser is signed in as once the
 * answer is applied: an opaque key per account, or `anonymous`. The service
 * worker keeps each account's pages apart by it and drops them when it
 * changes (app/pwa/worker/account-partition.ts). Set by the server
 * (app/services/auth/offline-account.server.ts); absent on answers that
 * never looked at the session (static files).
 */
export const OFFLINE_ACCOUNT_HEADER = "Dynami-Account";
export const ANONYMOUS_ACCOUNT = "anonymous";
