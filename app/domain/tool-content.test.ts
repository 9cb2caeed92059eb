import { describe, expect, it } from "vitest";
import { articleBlocks, contentForLanguage, isExternalHref, parseToolContent, safeHref } from "./tool-content.ts";

const article = (id: string, titre = `Article ${id}`) => ({
  id,
  titre,
  image: `/images/${id}.webp`,
  alt: "Une assiette",
  description: "Résumé",
  excedent: "Version courte",
  fullContent: "Premier paragraphe.\n\n## Sous-titre\n\nSecond paragraphe.",
});

describe("parseToolContent", () => {
  it("reads each language's groups under the spec's key names", () => {
    const { byLanguage, problems } = parseToolContent({
      fr: {
        contenuIMC: [
          {
            id: 1,
            titre: "Qu'est-ce que l'IMC ?",
            intro: "Un indice.",
            more: "Plus.",
            link: { label: "OMS", href: "https://who.int" },
          },
        ],
        contenueArticlesIMC: [article("a1")],
        contenueArticlesCALORIE: [article("c1")],
      },
    });
    expect(problems).toEqual([]);
    expect(byLanguage.fr!.explanations[0]).toMatchObject({
      id: "1",
      titre: "Qu'est-ce que l'IMC ?",
      link: { label: "OMS" },
    });
    expect(byLanguage.fr!.imcArticles.map((a) => a.id)).toEqual(["a1"]);
    expect(byLanguage.fr!.calorieArticles.map((a) => a.id)).toEqual(["c1"]);
  });

  it("leaves out malformed or duplicate entries and says so, keeping the rest", () => {
    const { byLanguage, problems } = parseToolContent({
      fr: {
        contenueArticlesIMC: [article("a1"), { id: "a2" }, article("a1", "Doublon"), "texte"],
        contenuIMC: "pas une liste",
      },
      en: "nope",
    });
    expect(byLanguage.fr!.imcArticles.map((a) => a.titre)).toEqual(["Article a1"]);
    expect(problems.map((p) => `${p.language}.${p.group}[${p.index}]`)).toEqual([
      "fr.contenuIMC[-1]",
      "fr.contenueArticlesIMC[1]",
      "fr.contenueArticlesIMC[2]",
      "fr.contenueArticlesIMC[3]",
      "en.*[-1]",
    ]);
  });

  it("survives a file that is not an object", () => {
    expect(parseToolContent(null).byLanguage).toEqual({});
  });
});

describe("contentForLanguage", () => {
  const { byLanguage } = parseToolContent({
    fr: { contenuIMC: [], contenueArticlesIMC: [article("fr-a")], contenueArticlesCALORIE: [article("fr-c")] },
    en: { contenueArticlesIMC: [article("en-a")] },
  });

  it("takes the language's own groups and French for the ones it lacks", () => {
    const english = contentForLanguage(byLanguage, "en", "fr");
    expect(english.imcArticles.map((a) => a.id)).toEqual(["en-a"]);
    expect(english.calorieArticles.map((a) => a.id)).toEqual(["fr-c"]);
  });

  it("falls back to French for a language missing from the file", () => {
    expect(contentForLanguage(byLanguage, "de", "fr").imcArticles.map((a) => a.id)).toEqual(["fr-a"]);
    expect(contentForLanguage({}, "de", "fr")).toEqual({ explanations: [], imcArticles: [], calorieArticles: [] });
  });
});

describe("articleBlocks", () => {
  it("splits paragraphs on blank lines and reads '## ' as a subheading", () => {
    expect(articleBlocks("Un.\n\n## Titre\n\nDeux\nsuite.\r\n\r\nTrois.")).toEqual([
      { kind: "paragraph", text: "Un." },
      { kind: "heading", text: "Titre" },
      { kind: "paragraph", text: "Deux suite." },
      { kind: "paragraph", text: "Trois." },
    ]);
    expect(articleBlocks("")).toEqual([]);
  });
});

describe("links from the content file", () => {
  it("follows web links and site paths only", () => {
    expect(safeHref("https://www.who.int/fr")).toBe("https://www.who.int/fr");
    expect(safeHref("/calorie")).toBe("/calorie");
    expect(safeHref("#comprendre")).toBe("#comprendre");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref("data:text/html,x")).toBeNull();
  });

  it("knows which links leave the site", () => {
    expect(isExternalHref("https://who.int")).toBe(true);
    expect(isExternalHref("/imc")).toBe(false);
  });
});

describe("parseToolContent's problem reports", () => {
  it("reads a missing group or a group that is not a list as empty", () => {
    const { byLanguage, problems } = parseToolContent({ fr: {}, en: { contenueArticlesCALORIE: "pas une liste" } });
    expect(byLanguage).toEqual({
      fr: { explanations: [], imcArticles: [], calorieArticles: [] },
      en: { explanations: [], imcArticles: [], calorieArticles: [] },
    });
    expect(problems).toEqual([{ language: "en", group: "contenueArticlesCALORIE", index: -1, message: "not a list" }]);
  });

  it("says which field of which entry is wrong, and which id repeats", () => {
    const { problems } = parseToolContent({
      fr: { contenueArticlesCALORIE: [article("c1"), { ...article("c2"), titre: "  " }, article("c1", "Doublon")] },
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toEqual({
      language: "fr",
      group: "contenueArticlesCALORIE",
      index: 1,
      message: "titre: Too small: expected string to have >=1 characters",
    });
    expect(problems[1]).toEqual({
      language: "fr",
      group: "contenueArticlesCALORIE",
      index: 2,
      message: "duplicate id c1",
    });
  });

  it("names a nested field by its dotted path", () => {
    const { byLanguage, problems } = parseToolContent({
      fr: { contenuIMC: [{ id: 1, titre: "IMC", intro: "Un indice.", link: { label: " ", href: "/imc" } }] },
    });
    expect(byLanguage.fr!.explanations).toEqual([]);
    expect(problems).toEqual([
      {
        language: "fr",
        group: "contenuIMC",
        index: 0,
        message: "link.label: Too small: expected string to have >=1 characters",
      },
    ]);
  });

  it("reports a file or a language that is not an object", () => {
    expect(parseToolContent([])).toEqual({
      byLanguage: {},
      problems: [{ language: "*", group: "*", index: -1, message: "not an object" }],
    });
    expect(parseToolContent({ de: null }).problems).toEqual([
      { language: "de", group: "*", index: -1, message: "not an object" },
    ]);
  });
});

describe("article text and links at the edges", () => {
  it("reads old Mac line breaks and spaces around blocks", () => {
    expect(articleBlocks("  Un.  \r\r##   Titre  \r\rDeux.")).toEqual([
      { kind: "paragraph", text: "Un." },
      { kind: "heading", text: "Titre" },
      { kind: "paragraph", text: "Deux." },
    ]);
  });

  it("treats http and https links as leaving the site, only at the start", () => {
    expect(isExternalHref("http://who.int")).toBe(true);
    expect(isExternalHref("HTTPS://who.int")).toBe(true);
    expect(isExternalHref("/go?to=https://who.int")).toBe(false);
  });

  it("trims a link and follows it only when the whole of it is safe", () => {
    expect(safeHref("  https://www.who.int/fr ")).toBe("https://www.who.int/fr");
    expect(safeHref("http://who.int")).toBe("http://who.int");
    expect(safeHref("xhttps://who.int")).toBeNull();
    expect(safeHref("https://who.int javascript:alert(1)")).toBeNull();
    expect(safeHref("/imc calorie")).toBeNull();
    expect(safeHref("/imc?x=1")).toBe("/imc?x=1");
    expect(safeHref("x#comprendre")).toBeNull();
    expect(safeHref("#comprendre plus")).toBeNull();
  });
});
