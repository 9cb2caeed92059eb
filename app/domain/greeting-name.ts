// The name the product greets a member by ('Bonjour, …' in the dashboard,
// the author of a review): on its own, so the pages that show it carry
// nothing else of the account dialog.

/** The display name, else the first name, else the pseudo (blank names skipped). */
export function greetingName(user: { displayName?: string | null; prenom?: string | null; pseudo: string }): string {
  return user.displayName?.trim() || user.prenom?.trim() || user.pseudo;
}
