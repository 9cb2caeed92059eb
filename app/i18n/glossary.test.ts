import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The glossary (../shared/spec/GLOSSARY.md) over every text of the four
// languages: the locale files and the language parts of the data files the
// pages show (public/data/*.json and the exercise catalogue
// public/data/exo/*.json). The forms it bans never come back. French, the
// source, is read too: its register (tu), its terms (séance, e-mail) and its
// typography (a no-break space before : ; ! ? » and after «, written in the
// texts themselves).

const root = path.resolve(import.meta.dirname, "../..");
const localesDir = path.join(root, "locales");
const dataDir = path.join(root, "public/data");

type Language = "fr" | "en" | "de" | "es";
const languages: readonly Language[] = ["fr", "en", "de", "es"];
interface Text {
  where: string;
  text: string;
}

const jsonFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .toSorted();
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

/** Where a child sits: after a file's "prefix:" a space, else a dot. */
const childPath = (at: string, key: string) => (at.endsWith(":") ? `${at} ${key}` : `${at}.${key}`);

/** Every string under `value`, with where it sits ("prefix key.path[index]"). */
function stringsOf(value: unknown, where: string, into: Text[] = []): Text[] {
  if (typeof value === "string") into.push({ where, text: value });
  else if (Array.isArray(value)) value.forEach((item, index) => stringsOf(item, `${where}[${index}]`, into));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) stringsOf(child, childPath(where, key), into);
  }
  return into;
}

/** Values of the data files that are no words: ids, icon names, paths and links. */
const notText = new Set(["id", "icon", "image", "photo", "href", "socials"]);

/**
 * The texts of one language in a data file. Those files hold a language
 * under a key named after it, wherever it sits: at the top (about.json,
 * db.json), under `translations` (reviews.json), or per field of each entry
 * (`names` and `description` of the catalogue). French, the source, also
 * sits outside any language key: an exercise's `name` beside its `names`,
 * and the professional reviews beside their `translations`. The
 * language-neutral fields (ids, aliases, tags) are left out.
 */
function dataTextsOf(data: unknown, language: Language, file: string): Text[] {
  const texts: Text[] = [];
  const words = (value: unknown, at: string) =>
    stringsOf(value, at).filter((text) => !text.where.split(/[.[\]\s]/).some((part) => notText.has(part)));
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${at}[${index}]`));
    else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const childAt = childPath(at, key);
        const frenchSource =
          language === "fr" && ((key === "name" && "names" in value) || key === "professionalReviews");
        if (key === language || frenchSource) texts.push(...words(child, childAt));
        else if (!(languages as readonly string[]).includes(key)) walk(child, childAt);
      }
    }
  };
  walk(data, file);
  return texts;
}

/** Every text of a language: its locale files, then its parts of the data files. */
function textsOf(language: Language): Text[] {
  const fromLocales = jsonFiles(path.join(localesDir, language)).flatMap((file) =>
    stringsOf(readJson(path.join(localesDir, language, file)), `${file.replace(".json", "")}:`),
  );
  const fromData = [
    ...jsonFiles(dataDir).map((file) => ({ file, name: file })),
    ...jsonFiles(path.join(dataDir, "exo")).map((file) => ({ file: path.join("exo", file), name: `exo/${file}` })),
  ].flatMap(({ file, name }) => dataTextsOf(readJson(path.join(dataDir, file)), language, `${name}:`));
  return [...fromLocales, ...fromData];
}

/**
 * What a reader sees: placeholders stand for a word, markup tags for
 * nothing, and the export formats of the API (json, history-csv,
 * workouts-csv) are values to type, not words to translate.
 */
const readable = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, "X")
    .replace(/<\/?[\w-]+>/g, "")
    .replace(/\b(?:history|workouts)-csv\b/g, "X");

interface BannedForm {
  pattern: RegExp;
  why: string;
  /** Texts the rule leaves alone, by where they sit ("legal: …"). */
  allowedIn?: (where: string) => boolean;
}

/**
 * A whole word (or words), in any case. JavaScript's \b only knows ASCII
 * letters, so "cogió" would have no boundary after its "ó": letters of every
 * script count here.
 */
const word = (body: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, "iu");

/** A space (plain, no-break or narrow no-break) before : ; ? or ! is French typography. */
const frenchSpacing: BannedForm = { pattern: /[ \u00a0\u202f][:;?!]/, why: "French spacing before : ; ? !" };

/** The spec gives these two confirmations word for word, `vous` included (DECISIONS.md). */
const SPEC_VOUS = new Set([
  "workout-session: confirm.text",
  "dashboard: photo.confirmText",
  "my-account: messages.photoConfirmDelete",
]);
const isLegal = (where: string) => where.startsWith("legal:");

const bannedForms: Record<Language, BannedForm[]> = {
  fr: [
    {
      pattern: /[ \t\r\n][:;!?»%]|«[ \t\r\n]/,
      why: "a no-break space (U+202F, or U+00A0 before :) before : ; ! ? » % and after «, never a breakable one",
    },
    {
      // "Erreur: réseau", "Prêt?": the mark needs its space. ("https://" and "10:30" have no space after.)
      pattern: /\p{L}[:;!?](?=[\s]|$)/u,
      why: "a (no-break) space before : ; ! ?",
    },
    {
      pattern: word("vous|votre|vos|veuillez"),
      why: "tu, never vous (outside the legal texts and the spec's two confirmations)",
      allowedIn: (where) => isLegal(where) || SPEC_VOUS.has(where),
    },
    {
      pattern: /(?<![\p{L}_-])sessions?(?! de connexion| expirée)(?![\p{L}_])/iu,
      why: "a workout is a 'séance'; 'session' only means being logged in ('session de connexion', 'Session expirée')",
      allowedIn: isLegal,
    },
    { pattern: /(?<![\p{L}-])email(?![\p{L}])/u, why: "'e-mail' in a sentence ('Email' only as a label)" },
    { pattern: word("upload"), why: "an upload is an 'envoi'" },
    {
      pattern: word("Identifiant"),
      why: "a message about the login names what the field takes: e-mail or pseudo",
      allowedIn: isLegal,
    },
    {
      pattern: word("the|your|you|saved|finished|errors?"),
      why: "no English left in the French source",
    },
  ],
  en: [
    frenchSpacing,
    { pattern: /\be-mail/i, why: "'email', never 'e-mail'" },
    { pattern: word("work out (?:your|\\d)"), why: "a calculator's action is 'Calculate', never 'Work out'" },
    {
      pattern: word("personal bests?|PBs?"),
      why: "a personal record is a 'personal record (PR)', never a 'personal best'",
    },
    { pattern: word("estimated one[- ]rep max|e1RM"), why: "the estimated one-rep max is the 'estimated 1RM'" },
  ],
  de: [
    frenchSpacing,
    { pattern: /workout/i, why: "a workout is a 'Training' in German" },
    { pattern: /trainingseinheit/i, why: "a workout is a 'Training', never a 'Trainingseinheit'" },
    {
      pattern: /newsletter-anmeldung|abonnement/i,
      why: "the newsletter subscription is a 'Newsletter-Abo' ('Anmeldung' is logging in)",
    },
    { pattern: word("versuche es"), why: "one wording to try again: 'Versuch es … noch einmal'" },
    {
      pattern: word("(?:persönliche[nrs]? )?Rekorde?|Bestzeit(?:en)?|Bestwerte?"),
      why: "a personal record is a 'Bestleistung'",
    },
    {
      pattern: word("geschätzte[nrs]? (?:Maximalkraft|Maximum)|One-Rep-Max"),
      why: "the estimated one-rep max is 'geschätztes 1RM'",
    },
  ],
  es: [
    frenchSpacing,
    { pattern: /\be-?mail/i, why: "'correo electrónico' (label) or 'correo' (sentence), never 'email'" },
    {
      pattern: word(
        "cog(?:e|es|emos|en|er|erlo|erla|erlos|erlas|ido|ida|idos|idas|ió|í|iendo)|coj(?:o|a|os|as|an|amos)",
      ),
      why: "'coger' is rude in much of Latin America: 'tomar', 'en uso', 'ocupado'",
    },
    {
      pattern: word("sesi(?:ón|ones) de entrenamiento|(?:mis|tus|sus|nuestras) sesiones(?! iniciadas)"),
      why: "a workout is an 'entrenamiento'; 'sesión' means being logged in",
    },
    {
      pattern: word("rutinas?"),
      why: "'rutina' names a saved routine only (a text about routines); a workout is an 'entrenamiento'",
      allowedIn: (where) => /routine/i.test(where),
    },
    { pattern: /newsletter/i, why: "the newsletter is the 'boletín' in Spanish" },
    { pattern: word("vuelve a intentarlo"), why: "one wording to try again: 'Inténtalo de nuevo'" },
    {
      pattern: word("(?:mejor(?:es)? )?marcas? personal(?:es)?|records?"),
      why: "a personal record is a 'récord personal'",
    },
  ],
};

function violations(language: Language, texts = textsOf(language)) {
  return texts.flatMap(({ where, text }) =>
    bannedForms[language]
      .filter(({ pattern, allowedIn }) => pattern.test(readable(text)) && !allowedIn?.(where))
      .map(({ why }) => `${where}: ${why}: ${text}`),
  );
}

describe("the glossary's banned forms", () => {
  for (const language of languages) {
    it(`never appear in ${language}`, () => {
      expect(violations(language)).toEqual([]);
    });
  }

  it("are looked for in the locales and in every data file", () => {
    const sources = (language: Language) => new Set(textsOf(language).map(({ where }) => where.split(":")[0]));
    for (const language of languages) {
      const read = sources(language);
      for (const file of [
        "common",
        "legal",
        "about.json",
        "db.json",
        "reviews.json",
        "exo/yoga.json",
        "exo/muscu.json",
      ])
        expect(read, `${language} ${file}`).toContain(file);
    }
  });

  it("find no breakable space before French punctuation in the French texts of the code either (API answers, mails)", () => {
    // Where the code writes French itself: the rules' messages (the API's answers), mails, server answers.
    const sources = ["domain", "services", "server", "lib"].flatMap((dir) =>
      (readdirSync(path.join(root, "app", dir), { recursive: true }) as string[])
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.|test-/.test(file))
        .map((file) => path.join(root, "app", dir, file)),
    );
    expect(sources.length).toBeGreaterThan(100);
    const literal = /"(?:[^"\\\n]|\\.)*"|`(?:[^`\\\n]|\\.)*`|'(?:[^'\\\n]|\\.)*'/g;
    const found = sources.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => !/^\s*(?:\/\/|\*|\/\*)/.test(line))
        .flatMap((line) => line.match(literal) ?? [])
        // Template parts only: a ternary inside ${…} is code, and so is a regular expression's test.
        .map((text) => text.replace(/\$\{[^}]*\}/g, "X"))
        .filter((text) => !/\$\{|\.test\(/.test(text))
        // English, German and Spanish never put a space there: such a text is French.
        .filter((text) => /[\p{L}\d)…] [:;!?»%](?![:;!?])|« /u.test(text))
        .map((text) => `${path.relative(root, file)}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it("take each language's part of a data file, and nothing else", () => {
    const data = {
      fr: { title: "Séance" },
      de: { title: "Training", team: [{ id: "camille", bio: "Trainerin", photo: "/a.svg" }] },
      translations: { es: { someone: { comment: "Buen entrenamiento" } } },
      exercises: [{ id: "plank", name: "Gainage", aliases: ["Plank"], names: { en: "Plank", de: "Unterarmstütz" } }],
      professionalReviews: [{ id: "lea", photo: "/lea.webp", comment: "Top\u202f!" }],
    };
    expect(dataTextsOf(data, "de", "sample:")).toEqual([
      { where: "sample: de.title", text: "Training" },
      { where: "sample: de.team[0].bio", text: "Trainerin" },
      { where: "sample: exercises[0].names.de", text: "Unterarmstütz" },
    ]);
    expect(dataTextsOf(data, "es", "sample:").map(({ text }) => text)).toEqual(["Buen entrenamiento"]);
    expect(dataTextsOf(data, "en", "sample:").map(({ text }) => text)).toEqual(["Plank"]);
    // French, the source: under "fr", an exercise's name and the professional reviews.
    expect(dataTextsOf(data, "fr", "sample:").map(({ text }) => text)).toEqual(["Séance", "Gainage", "Top\u202f!"]);
  });

  it("are found where they hide, each of them", () => {
    // [language, text, how many forms it breaks]
    const samples: [Language, string, number][] = [
      ["fr", "Envie de bouger ? C'est parti !", 1],
      ["fr", "Erreur : {{message}} ; « Recommencer »", 1],
      ["fr", "Terminé à 100 %", 1],
      ["fr", "Erreur: réseau", 1],
      ["fr", "Prêt? Go", 1],
      ["fr", "Envie de bouger\u202f? C'est parti\u202f! Erreur\u00a0: «\u00a0Recommencer\u00a0» à 100\u202f%", 0],
      ["fr", "Voir https://dynami.fr/exo?type=muscu à 10:30.", 0],
      ["fr", "Veuillez entrer un poids.", 1],
      ["fr", "Voulez-vous supprimer votre photo\u202f?", 1],
      ["fr", "Session - {{date}}", 1],
      ["fr", "Erreur de chargement des sessions", 1],
      ["fr", "Ta session de connexion et tes séances", 0],
      ["fr", "Vérifie ton email pour l'activer.", 1],
      ["fr", "Email requis. Adresse e-mail invalide.", 0],
      ["fr", "Erreur lors de l'upload", 1],
      ["fr", "Identifiant ou mot de passe incorrect.", 1],
      ["fr", "Session saved", 2],
      ["fr", "Finished with {{count}} error(s).", 1],
      ["en", "Wrong password !", 1],
      ["en", "Open\u202f: BMI", 1],
      ["en", "Hi {{name}}! Ready? Go: now.", 0],
      ["en", "Your e-mail address", 1],
      ["en", "Work out your BMI", 1],
      ["en", "First work out 1.75 × 1.75.", 1],
      ["en", "Your email address. Calculate your BMI, then build a workout.", 0],
      ["de", "Bereit ?", 1],
      ["de", "Stell dein Workout zusammen.", 1],
      ["de", "Deine Trainingseinheiten", 1],
      ["de", "Deine Newsletter-Anmeldung", 1],
      ["de", "Abonnement bestätigen", 1],
      ["de", "Versuche es in 5 Min. erneut.", 1],
      ["de", "Dein Newsletter-Abo, deine Trainings und deine Anmeldung. Versuch es noch einmal.", 0],
      ["es", "¿Listo ?", 1],
      ["es", "Tu email es obligatorio.", 1],
      ["es", "Tu e-mail", 1],
      ["es", "Este nombre ya está cogido.", 1],
      ["es", "Coge una mancuerna.", 1],
      ["es", "Cogerlo con las dos manos", 1],
      ["es", "Lo cogió ayer.", 1],
      ["es", "Coja la barra.", 1],
      ["es", "Cojo el peso.", 1],
      ["es", "Tus sesiones de entrenamiento", 1],
      ["es", "Lo que uso en mis sesiones.", 1],
      ["es", "Tu rutina de hoy", 1],
      ["es", "Suscríbete a la newsletter", 1],
      ["es", "Vuelve a intentarlo en 5 min.", 1],
      ["es", "Escribe a {{email}} con tu correo.", 0],
      ["es", "Recoger los datos, barbilla recogida, encogimientos con barra", 0],
      ["es", "Tus sesiones iniciadas y tu suscripción al boletín", 0],
      ["en", "New personal best!", 1],
      ["en", "Your estimated one-rep max", 1],
      ["en", "Estimate your one-rep max to pick a weight.", 0],
      ["en", "New personal record: Estimated 1RM 28.5 kg (+1.8 kg)", 0],
      ["de", "Neuer persönlicher Rekord", 1],
      ["de", "Geschätzte Maximalkraft", 1],
      ["de", "Neue Bestleistung: Geschätztes 1RM 28,5 kg", 0],
      ["es", "Nueva marca personal", 1],
      ["es", "Nuevo record", 1],
      ["es", "Nuevo récord personal: 1RM estimado 28,5 kg", 0],
    ];
    for (const [language, text, count] of samples)
      expect(violations(language, [{ where: "sample:", text }]), `${language}: ${text}`).toHaveLength(count);
    // The legal texts may say vous and name sessions; the spec's two confirmations keep their vous.
    const vous = "Voulez-vous vraiment supprimer votre photo de profil\u202f?";
    expect(violations("fr", [{ where: "legal: mentions.intro", text: `${vous} Tes sessions.` }])).toEqual([]);
    expect(violations("fr", [{ where: "dashboard: photo.confirmText", text: vous }])).toEqual([]);
    expect(violations("fr", [{ where: "dashboard: photo.title", text: vous }])).toHaveLength(1);

    // A routine's texts may say 'rutina'; no other text may.
    expect(violations("es", [{ where: "routines: title", text: "Mis rutinas" }])).toEqual([]);
    expect(violations("es", [{ where: "workout-session: routine.save", text: "Guardar como rutina" }])).toEqual([]);
    expect(violations("es", [{ where: "workout: title", text: "Tu rutina de hoy" }])).toHaveLength(1);

    // Every rule fails on at least one sample: none of them is dead.
    for (const language of languages)
      for (const { pattern, why } of bannedForms[language])
        expect(
          samples.some(([sampleLanguage, text]) => sampleLanguage === language && pattern.test(readable(text))),
          `${language}: ${why}`,
        ).toBe(true);
  });
});
