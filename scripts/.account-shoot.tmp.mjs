// Temporary: viewport screenshots of the account dialog's JS states.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3333";
const out = "/work/main/tests/.output/screenshots/account";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const viewports = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };
const scenario = process.argv[2];
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
for (const [device, viewport] of Object.entries(viewports)) {
  for (const scheme of ["light", "dark"]) {
    const context = await browser.newContext({ viewport, colorScheme: scheme, locale: "fr-FR", javaScriptEnabled: !scenario.startsWith("nojs") });
    await context.addCookies([{ name: "cookie_consent", value: "necessary", url: base }]);
    const page = await context.newPage();
    const shot = async (name) => { await page.screenshot({ path: `${out}/${scenario}-${name}-${device}-${scheme}.png` }); console.log(`${scenario}-${name}-${device}-${scheme}`); };
    const d = page.getByRole("dialog");
    if (scenario === "login-error") {
      await page.goto(base + "/?compte=login");
      await d.getByRole("button", { name: "Afficher le mot de passe" }).waitFor();
      await d.getByLabel("Email ou pseudo").fill("personne");
      await d.getByLabel("Mot de passe", { exact: true }).fill("mauvais-mdp");
      await d.getByRole("button", { name: "Se connecter" }).click();
      await page.waitForTimeout(300); await shot("loading");
      await d.getByText("Identifiant ou mot de passe incorrect.").first().waitFor(); await page.waitForTimeout(300); await shot("error");
    }
    if (scenario === "nojs-login-error") {
      await page.goto(base + "/?compte=login");
      await d.getByLabel("Email ou pseudo").fill("personne");
      await d.getByLabel("Mot de passe", { exact: true }).fill("mauvais-mdp");
      await d.getByRole("button", { name: "Se connecter" }).click();
      await d.getByText("Identifiant ou mot de passe incorrect.").first().waitFor(); await shot("error");
    }
    if (scenario === "signup") {
      await page.goto(base + "/?compte=create");
      await d.getByRole("button", { name: "Afficher le mot de passe" }).first().waitFor();
      await d.getByLabel("Pseudo").fill(`shot-${suffix()}`);
      await d.getByLabel("Email", { exact: true }).fill("pas-un-email");
      await d.getByLabel("Mot de passe", { exact: true }).fill("motdepasse-123");
      await shot("invalid");
      await d.getByLabel("Email", { exact: true }).fill(`shot-${suffix()}@example.test`);
      await d.getByLabel("Confirmer le mot de passe").fill("motdepasse-123");
      await d.getByLabel(/J'accepte/).check();
      await d.getByRole("button", { name: "Afficher le mot de passe" }).first().click();
      await shot("valid");
      await d.getByRole("button", { name: "Créer mon compte" }).click();
      await page.waitForTimeout(300); await shot("loading");
      await d.getByRole("heading", { name: "Compte créé" }).waitFor(); await page.waitForTimeout(300); await shot("done");
    }
    if (scenario === "forgot") {
      await page.goto(base + "/?compte=forgot");
      await d.getByLabel("Adresse email").fill("demo@dynami.local");
      await d.getByRole("button", { name: "Envoyer le lien" }).click();
      await page.waitForTimeout(300); await shot("sending");
      await d.getByText(/Si un compte existe/).first().waitFor(); await page.waitForTimeout(300); await shot("sent");
    }
    if (scenario === "admin") {
      await page.goto(base + "/?compte=login");
      await d.getByRole("button", { name: "Afficher le mot de passe" }).waitFor();
      await d.getByLabel("Email ou pseudo").fill("admin");
      await d.getByLabel("Mot de passe", { exact: true }).fill("admin-dynami-2026");
      await d.getByRole("button", { name: "Se connecter" }).click();
      await d.getByText("Salut Alex").waitFor(); await page.waitForTimeout(300); await shot("history");
      await page.keyboard.press("Escape"); await page.waitForTimeout(300); await shot("header");
    }
    if (scenario === "reset") {
      await page.goto(base + "/reset-password?token=faux");
      await page.getByLabel("Nouveau mot de passe").fill("court");
      await page.getByLabel("Confirmer le mot de passe").fill("autre");
      await shot("invalid");
      await page.getByLabel("Nouveau mot de passe").fill("motdepasse-123");
      await page.getByLabel("Confirmer le mot de passe").fill("motdepasse-123");
      await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
      await page.waitForTimeout(500); await shot("busy");
      await page.getByText("Lien invalide ou expiré.").waitFor({ timeout: 10000 }); await shot("expired");
    }
    await context.close();
  }
}
await browser.close();
