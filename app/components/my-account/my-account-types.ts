import type { MyAccountSection } from "~/lib/my-account-flash.server";

export type { MyAccountSection };

/** A section's outcome as the server rendered it (a flash after a redirect, or a refused form). */
export interface SectionOutcome {
  section: MyAccountSection;
  ok: boolean;
  /** In the reader's language. */
  message: string;
  /** The field a refusal is about. */
  field?: string;
  /** What the form shows again (never a password). */
  values?: { email?: string };
}

/** The form's action path: every form of the page posts here without JavaScript. */
export const myAccountPath = "/mon-compte";
