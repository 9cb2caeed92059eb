// How the catalogue's descriptions name muscles and open their first
// sentence, in the four languages. The second sentence is a form cue from
// cues.txt (or the whole description is written out in the source files).

/** The muscle words of the facts file, plus obliques (twists and side bends). */
export const SOURCE_MUSCLES = [
  "chest",
  "shoulders",
  "biceps",
  "triceps",
  "forearms",
  "abdominals",
  "obliques",
  "quadriceps",
  "abductors",
  "hamstrings",
  "adductors",
  "calves",
  "glutes",
  "traps",
  "middle back",
  "lats",
  "lower back",
  "neck",
] as const;
export type SourceMuscle = (typeof SOURCE_MUSCLES)[number];

interface MuscleWords {
  /** With its article: "les pectoraux", "le milieu du dos". */
  fr: string;
  /** Without article: "chest". */
  en: string;
  /** Accusative and nominative with article, and whether the noun is plural. */
  de: { acc: string; nom: string; plural: boolean };
  /** With its article: "el pecho". */
  es: string;
}

export const MUSCLE_WORDS: Record<SourceMuscle, MuscleWords> = {
  chest: {
    fr: "les pectoraux",
    en: "chest",
    de: { acc: "die Brust", nom: "die Brust", plural: false },
    es: "el pecho",
  },
  shoulders: {
    fr: "les épaules",
    en: "shoulders",
    de: { acc: "die Schultern", nom: "die Schultern", plural: true },
    es: "los hombros",
  },
  biceps: {
    fr: "les biceps",
    en: "biceps",
    de: { acc: "den Bizeps", nom: "der Bizeps", plural: false },
    es: "los bíceps",
  },
  triceps: {
    fr: "les triceps",
    en: "triceps",
    de: { acc: "den Trizeps", nom: "der Trizeps", plural: false },
    es: "los tríceps",
  },
  forearms: {
    fr: "les avant-bras",
    en: "forearms",
    de: { acc: "die Unterarme", nom: "die Unterarme", plural: true },
    es: "los antebrazos",
  },
  abdominals: {
    fr: "les abdominaux",
    en: "abs",
    de: { acc: "die Bauchmuskeln", nom: "die Bauchmuskeln", plural: true },
    es: "los abdominales",
  },
  obliques: {
    fr: "les obliques",
    en: "obliques",
    de: { acc: "die seitlichen Bauchmuskeln", nom: "die seitlichen Bauchmuskeln", plural: true },
    es: "los oblicuos",
  },
  quadriceps: {
    fr: "les quadriceps",
    en: "quadriceps",
    de: { acc: "den Quadrizeps", nom: "der Quadrizeps", plural: false },
    es: "los cuádriceps",
  },
  abductors: {
    fr: "les abducteurs",
    en: "hip abductors",
    de: { acc: "die Abduktoren", nom: "die Abduktoren", plural: true },
    es: "los abductores",
  },
  hamstrings: {
    fr: "les ischio-jambiers",
    en: "hamstrings",
    de: { acc: "die hintere Oberschenkelmuskulatur", nom: "die hintere Oberschenkelmuskulatur", plural: false },
    es: "los isquiotibiales",
  },
  adductors: {
    fr: "les adducteurs",
    en: "adductors",
    de: { acc: "die Adduktoren", nom: "die Adduktoren", plural: true },
    es: "los aductores",
  },
  calves: {
    fr: "les mollets",
    en: "calves",
    de: { acc: "die Waden", nom: "die Waden", plural: true },
    es: "los gemelos",
  },
  glutes: {
    fr: "les fessiers",
    en: "glutes",
    de: { acc: "die Gesäßmuskeln", nom: "die Gesäßmuskeln", plural: true },
    es: "los glúteos",
  },
  traps: {
    fr: "les trapèzes",
    en: "trapezius",
    de: { acc: "den Trapezmuskel", nom: "der Trapezmuskel", plural: false },
    es: "el trapecio",
  },
  "middle back": {
    fr: "le milieu du dos",
    en: "mid-back",
    de: { acc: "den mittleren Rücken", nom: "der mittlere Rücken", plural: false },
    es: "la zona media de la espalda",
  },
  lats: {
    fr: "les dorsaux",
    en: "lats",
    de: { acc: "den breiten Rückenmuskel", nom: "der breite Rückenmuskel", plural: false },
    es: "el dorsal ancho",
  },
  "lower back": {
    fr: "les lombaires",
    en: "lower back",
    de: { acc: "den unteren Rücken", nom: "der untere Rücken", plural: false },
    es: "la zona lumbar",
  },
  neck: { fr: "le cou", en: "neck", de: { acc: "den Nacken", nom: "der Nacken", plural: false }, es: "el cuello" },
};

export type Language = "fr" | "en" | "de" | "es";
export type Texts = Record<Language, string>;

/** What the first sentence says: strength work, a stretch, joint mobility, explosive work or cardio. */
export type DescriptionStyle = "strength" | "stretch" | "mobility" | "explosive" | "cardio";

const AND: Record<Language, string> = { fr: "et", en: "and", de: "und", es: "y" };

function joinList(items: string[], language: Language): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${AND[language]} ${items.at(-1)}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "les épaules" -> "des épaules", "le milieu du dos" -> "du milieu du dos". */
function frenchOf(phrase: string): string {
  if (phrase.startsWith("les ")) return `des ${phrase.slice(4)}`;
  if (phrase.startsWith("le ")) return `du ${phrase.slice(3)}`;
  return `de ${phrase}`;
}

/** Spanish "de el" contracts to "del". */
const spanishOf = (phrase: string) => (phrase.startsWith("el ") ? `del ${phrase.slice(3)}` : `de ${phrase}`);

/** Secondary muscles named in a description: the first three are enough to say what helps. */
const MAX_NAMED_HELPERS = 3;

/** The first sentence of a description: what the exercise trains. */
export function trainingSentence(style: DescriptionStyle, muscles: readonly SourceMuscle[]): Texts {
  const [primary, ...rest] = muscles;
  if (!primary) throw new Error("trainingSentence needs at least one muscle");
  const helpers = rest.slice(0, MAX_NAMED_HELPERS);
  const words = (language: "fr" | "es") => helpers.map((muscle) => MUSCLE_WORDS[muscle][language]);
  const p = MUSCLE_WORDS[primary];
  const enHelpers = helpers.length
    ? `the ${joinList(
        helpers.map((m) => MUSCLE_WORDS[m].en),
        "en",
      )}`
    : "";
  const deHelpers = helpers.map((m) => MUSCLE_WORDS[m].de);
  const deHelperVerb = deHelpers.length > 1 || deHelpers[0]?.plural ? "arbeiten" : "arbeitet";
  const deHelperSentence = deHelpers.length
    ? ` ${capitalise(
        joinList(
          deHelpers.map((w) => w.nom),
          "de",
        ),
      )} ${deHelperVerb} mit.`
    : "";

  if (style === "stretch" || style === "mobility" || style === "cardio") {
    const all = [primary, ...helpers];
    const list = (language: "fr" | "es") =>
      joinList(
        all.map((m) => MUSCLE_WORDS[m][language]),
        language,
      );
    const enList = `the ${joinList(
      all.map((m) => MUSCLE_WORDS[m].en),
      "en",
    )}`;
    const deList = joinList(
      all.map((m) => MUSCLE_WORDS[m].de.acc),
      "de",
    );
    if (style === "stretch") {
      return {
        fr: `Étire ${list("fr")}.`,
        en: `Stretches ${enList}.`,
        de: `Dehnt ${deList}.`,
        es: `Estira ${list("es")}.`,
      };
    }
    if (style === "mobility") {
      return {
        fr: `Assouplit et échauffe ${list("fr")}.`,
        en: `Loosens and warms up ${enList}.`,
        de: `Lockert und wärmt ${deList} auf.`,
        es: `Suelta y calienta ${list("es")}.`,
      };
    }
    return {
      fr: `Travail cardio qui sollicite surtout ${list("fr")}.`,
      en: `Cardio work that mostly uses ${enList}.`,
      de: `Ausdauertraining, das vor allem ${deList} fordert.`,
      es: `Trabajo cardiovascular que implica sobre todo ${list("es")}.`,
    };
  }

  const frHelpers = helpers.length ? `, avec l'aide ${joinList(words("fr").map(frenchOf), "fr")}` : "";
  const esHelpers = helpers.length ? `, con ayuda ${joinList(words("es").map(spanishOf), "es")}` : "";
  if (style === "explosive") {
    return {
      fr: `Développe l'explosivité ${frenchOf(p.fr)}${frHelpers}.`,
      en: `Builds explosive power in the ${p.en}${enHelpers ? `, with help from ${enHelpers}` : ""}.`,
      de: `Explosive Übung für ${p.de.acc}.${deHelperSentence}`,
      es: `Desarrolla la potencia explosiva ${spanishOf(p.es)}${esHelpers}.`,
    };
  }
  return {
    fr: `Renforce ${p.fr}${frHelpers}.`,
    en: `Strengthens the ${p.en}${enHelpers ? `, with help from ${enHelpers}` : ""}.`,
    de: `Kräftigt ${p.de.acc}.${deHelperSentence}`,
    es: `Fortalece ${p.es}${esHelpers}.`,
  };
}
