import type { Language } from "~/i18n/languages";
import type { AccountFlash } from "~/lib/account-types";
import type { ConsentChoice } from "~/lib/consent";
import type { DashboardOutcome, DashboardView } from "~/lib/dashboard-types";
import type { Theme } from "~/lib/theme";
import type { PublicUser } from "~/services/auth/session.server";

/**
 * What the root route's loader (app/root.tsx) gives every page, read with
 * useRouteLoaderData("root"). Declared here, below the components that read
 * it, so that none of them imports the root route (which imports them).
 */
export interface RootLoaderData {
  language: Language;
  /** The user's explicit choice; null means "follow the system". */
  theme: Theme | null;
  systemTheme: Theme | null;
  /** cookie_consent: null until the visitor chooses (the banner shows meanwhile). */
  cookieConsent: ConsentChoice | null;
  description: string;
  /** The site's public address: canonical and alternate links are absolute. */
  origin: string;
  /** meta() cannot translate: the error screens' titles travel with the root data. */
  errorTitles: { notFound: string; error: string; tooLarge: string };
  /** The signed-in user (header icons, the account dialog's history view), or null. */
  user: PublicUser | null;
  /** The account action's outcome after a form sent without JavaScript, read once. */
  accountFlash: AccountFlash | null;
  /** The dashboard's, likewise (its forms come back to the page they were sent from). */
  dashboardFlash: DashboardOutcome | null;
  /** The dialog's dashboard, when the address opens it (?compte=history) for a signed-in user. */
  dashboard: DashboardView | null;
  /** The footer's copyright year, the server's, so the page and its hydration agree. */
  year: number;
}
