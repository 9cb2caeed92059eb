import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("preferences/theme", "routes/preferences.theme.ts"),
  route("api/login", "routes/api/login.ts"),
  route("api/register", "routes/api/register.ts"),
  route("api/forgot-password", "routes/api/forgot-password.ts"),
  route("api/reset-password", "routes/api/reset-password.ts"),
  route("api/resend-verification", "routes/api/resend-verification.ts"),
  route("api/verify-email", "routes/api/verify-email.ts"),
  route("api/me", "routes/api/me.ts"),
  route("api/me/password", "routes/api/me.password.ts"),
  route("api/me/email", "routes/api/me.email.ts"),
  route("api/me/logout-all", "routes/api/me.logout-all.ts"),
  route("api/me/newsletter", "routes/api/me.newsletter.ts"),
  route("api/me/export", "routes/api/me.export.ts"),
  route("api/logout", "routes/api/logout.ts"),
  route("dev/mails", "routes/dev.mails.tsx"),
  route("dev/mails/:file", "routes/dev.mails.$file.ts"),
  route("contact", "routes/contact.tsx"),
  route("api/contact", "routes/api/contact.ts"),
  route("mentions-legales", "routes/mentions-legales.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("not-found", "routes/recipes-coming-soon.tsx"),
  route("preferences/consent", "routes/preferences.consent.ts"),
  route("outils", "routes/tools.tsx"),
  route("imc", "routes/imc.tsx"),
  // One calculator, two addresses (the spec lists both).
  route("calorie", "routes/calories.tsx", { id: "routes/calorie" }),
  route("calories", "routes/calories.tsx"),
  route("exo", "routes/exo.tsx"),
  // Routines: the list, a new one (its form's answer), one routine's page, and the address that starts it.
  route("routines", "routes/routines.tsx"),
  route("routines/nouvelle", "routes/routines.nouvelle.tsx"),
  route("routines/:id", "routes/routines.$id.tsx"),
  route("routines/:id/commencer", "routes/routines.$id.commencer.ts"),
  route("api/history", "routes/api/history.ts"),
  route("api/history/:id", "routes/api/history.$id.ts"),
  route("api/workouts/sessions", "routes/api/workouts.sessions.ts"),
  route("api/workouts/sessions/:id", "routes/api/workouts.sessions.$id.ts"),
  // A lifter's memory: an exercise's history and records, every record.
  route("api/exercises/:id/history", "routes/api/exercises.$id.history.ts"),
  route("api/records", "routes/api/records.ts"),
  // Routines: a user's saved workouts, run again in one tap.
  route("api/routines", "routes/api/routines.ts"),
  route("api/routines/:id", "routes/api/routines.$id.ts"),
  // The dashboard: its page, the summary, the profile photo and where photos are served.
  route("historique", "routes/historique.tsx"),
  // One exercise's progress: its records, its chart and its sessions.
  route("progression/:exerciseId", "routes/progression.$exerciseId.tsx"),
  route("api/history/summary", "routes/api/history.summary.ts"),
  route("api/upload/profile-photo", "routes/api/upload.profile-photo.ts"),
  route("photos/:userId/:file", "routes/photos.$userId.$file.ts"),
  // The account dialog's forms (?compte=...) and the pages of the account mails.
  route("compte", "routes/compte.ts"),
  route("verify-email", "routes/verify-email.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  // My account: the page, its downloads, the new address's link, and the page after deletion.
  route("mon-compte", "routes/mon-compte.tsx"),
  route("mon-compte/export", "routes/mon-compte.export.ts"),
  route("mon-compte/photo", "routes/mon-compte.photo.ts"),
  route("mon-compte/email", "routes/mon-compte.email.tsx"),
  route("mon-compte/supprime", "routes/mon-compte.supprime.tsx"),
  // The translations the browser fetches when it navigates (app/i18n/client.ts).
  route("locales/:version/:language/:namespace", "routes/locales.ts"),
  // Community: reviews, newsletter, and the admin area.
  route("avis/nouveau", "routes/avis.nouveau.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirmer", "routes/newsletter.confirmer.tsx"),
  route("newsletter/desinscription", "routes/newsletter.desinscription.tsx"),
  route("admin", "routes/admin.tsx"),
  // One screen, two addresses: create and edit.
  route("admin/newsletter/new", "routes/admin.newsletter.tsx", { id: "routes/admin.newsletter.new" }),
  route("admin/newsletter/:id", "routes/admin.newsletter.tsx"),
  route("api/reviews/users", "routes/api/reviews.users.ts"),
  route("api/reviews/users/all", "routes/api/reviews.users.all.ts"),
  route("api/reviews/users/:id/approve", "routes/api/reviews.users.$id.approve.ts"),
  route("api/reviews/users/:id", "routes/api/reviews.users.$id.ts"),
  route("api/newsletter/subscribe", "routes/api/newsletter.subscribe.ts"),
  route("api/newsletter/unsubscribe", "routes/api/newsletter.unsubscribe.ts"),
  route("api/newsletter-admin", "routes/api/newsletter-admin.ts"),
  route("api/newsletter-admin/:id", "routes/api/newsletter-admin.$id.ts"),
  // The API's description: the OpenAPI document and its page.
  route("api/openapi.json", "routes/api/openapi.json.ts"),
  route("api/docs", "routes/api-docs.tsx"),
  route("api/*", "routes/api/not-found.ts"),
  // Last: any unknown path. It also makes the middleware run, so the 404
  // page is translated like every other page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
