/** The public content pages every language and every check covers; each spec adds the pages of its own concern. */
export const contentPages = [
  "/",
  "/outils",
  "/imc",
  "/calorie",
  "/calories",
  "/contact",
  "/mentions-legales",
  "/privacy-policy",
  "/cookies",
  "/not-found",
] as const;
