// The newsletter sign-up's rules, texts and timings: what the site's
// newsletter block (on every home page) loads. The rest of the newsletter's
// rules are in newsletter.ts, which re-exports these.

export const NEWSLETTER_TIMINGS = {
  /** The site section's success state resets to idle after 5 s. */
  signupResetMs: 5000,
  /** Admin messages clear after 3 s. */
  adminMessageMs: 3000,
} as const;

export const NEWSLETTER_EMAIL_MAX_LENGTH = 254;

/**
 * The site section's texts. The spec names them without wording them
 * ("translated invalid-e-mail message", "generic error", "network error"):
 * ours. locales/fr/community.json repeats them under `newsletter.messages`.
 */
export const NEWSLETTER_SIGNUP_MESSAGES = {
  emailInvalid: "Adresse e-mail invalide.",
  success: "Merci ! Vérifie ta boîte mail pour confirmer ton inscription.",
  error: "Impossible de t'inscrire pour le moment. Réessaie.",
  networkError: "Erreur réseau : vérifie ta connexion et réessaie.",
  tooManyRequests: "Trop de demandes. Réessaie dans quelques minutes.",
  confirmNoToken: "Aucun jeton de confirmation fourni.",
  confirmFailed: "Lien de confirmation invalide ou déjà utilisé.",
  confirmed: "Inscription confirmée ! Tu recevras nos prochaines newsletters.",
  unsubscribeNoToken: "Lien de désinscription incomplet.",
  unsubscribeUnknown: "Ce lien de désinscription n'est plus valide : tu es peut-être déjà désinscrit.",
  unsubscribed: "C'est fait : tu ne recevras plus notre newsletter.",
} as const;

export type NewsletterSignupMessageKey = keyof typeof NEWSLETTER_SIGNUP_MESSAGES;

/** The spec's client rule: non-empty and with an '@'. */
export function looksLikeNewsletterEmail(value: string): boolean {
  // Stryker disable next-line MethodExpression: spaces alone hold no '@', so the untrimmed value gives the same answer
  const email = value.trim();
  return email !== "" && email.includes("@");
}
