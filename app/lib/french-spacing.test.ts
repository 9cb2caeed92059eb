import { describe, expect, it } from "vitest";
import { withFrenchSpacing } from "./french-spacing";

describe("French spacing", () => {
  it("keeps ? ! : ; and » with the word before them, « with the word after it", () => {
    expect(withFrenchSpacing("Envie de bouger ? C'est parti !", "fr")).toBe(
      "Envie de bouger\u00a0? C'est parti\u00a0!",
    );
    expect(withFrenchSpacing("Quatre étapes : ton entraînement ; la suite", "fr")).toBe(
      "Quatre étapes\u00a0: ton entraînement\u00a0; la suite",
    );
    expect(withFrenchSpacing("« Gainage »", "fr-FR")).toBe("«\u00a0Gainage\u00a0»");
  });

  it("leaves other languages and marks without a space before them alone", () => {
    expect(withFrenchSpacing("Ready? Let's go!", "en")).toBe("Ready? Let's go!");
    expect(withFrenchSpacing("Let's go : now", "en")).toBe("Let's go : now");
    expect(withFrenchSpacing("Erreur: réseau", "fr")).toBe("Erreur: réseau");
    expect(withFrenchSpacing("https://dynami.fr/exo?type=muscu", "fr")).toBe("https://dynami.fr/exo?type=muscu");
  });
});
