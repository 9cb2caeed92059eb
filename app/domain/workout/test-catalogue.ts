// A small catalogue for unit tests, valid against the catalogue schema.

import { type Exercise, exerciseSchema } from "./catalogue";

type Overrides = Partial<Exercise> & Pick<Exercise, "id" | "name">;

export function fixtureExercise(overrides: Overrides): Exercise {
  const base: Exercise = {
    slug: overrides.id,
    names: { en: `${overrides.name} (en)`, de: `${overrides.name} (de)`, es: `${overrides.name} (es)` },
    aliases: [],
    type: ["muscu"],
    muscles: ["pectoraux"],
    primaryMuscle: "pectoraux",
    equipment: ["halteres"],
    level: 1,
    popularity: 0,
    addedAt: "2020-01-01",
    tags: [],
    description: {
      fr: "Une description de test assez longue.",
      en: "A test description long enough.",
      de: "Eine Testbeschreibung, lang genug.",
      es: "Una descripción de prueba bastante larga.",
    },
    ...overrides,
  } as Exercise;
  return exerciseSchema.parse(base);
}

export const testCatalogue: Exercise[] = [
  fixtureExercise({
    id: "developpe-couche-halteres",
    name: "Développé couché aux haltères",
    names: { en: "Dumbbell bench press", de: "Kurzhantel-Bankdrücken", es: "Press de banca con mancuernas" },
    aliases: ["dumbbell bench press", "developpe couche"],
    muscles: ["pectoraux", "triceps", "epaules"],
    primaryMuscle: "pectoraux",
    equipment: ["halteres"],
    level: 1,
    popularity: 90,
  }),
  fixtureExercise({
    id: "pompes",
    name: "Pompes",
    names: { en: "Push-ups", de: "Liegestütze", es: "Flexiones" },
    aliases: ["push-up", "push up"],
    muscles: ["pectoraux", "triceps"],
    primaryMuscle: "pectoraux",
    equipment: ["poids-du-corps"],
    popularity: 100,
  }),
  fixtureExercise({
    id: "ecarte-halteres",
    name: "Écarté couché aux haltères",
    names: { en: "Dumbbell fly", de: "Kurzhantel-Fliegende", es: "Aperturas con mancuernas" },
    muscles: ["pectoraux"],
    equipment: ["halteres"],
    level: 2,
    popularity: 40,
  }),
  fixtureExercise({
    id: "curl-biceps-halteres",
    name: "Curl biceps aux haltères",
    names: { en: "Dumbbell curl", de: "Kurzhantel-Curl", es: "Curl con mancuernas" },
    muscles: ["biceps", "avant-bras"],
    primaryMuscle: "biceps",
    equipment: ["halteres"],
    popularity: 80,
  }),
  fixtureExercise({
    id: "souleve-de-terre",
    name: "Soulevé de terre",
    names: { en: "Deadlift", de: "Kreuzheben", es: "Peso muerto" },
    muscles: ["dos-inferieur", "fessiers", "cuisses-internes"],
    primaryMuscle: "dos-inferieur",
    equipment: ["barre"],
    level: 3,
    popularity: 85,
    tags: ["polyarticulaire"],
  }),
  fixtureExercise({
    id: "burpees",
    name: "Burpees",
    names: { en: "Burpees", de: "Burpees", es: "Burpees" },
    type: ["hiit", "cardio"],
    muscles: ["cuisses-externes", "pectoraux", "abdos-centre"],
    primaryMuscle: "cuisses-externes",
    equipment: ["poids-du-corps"],
    level: 2,
    popularity: 70,
  }),
  fixtureExercise({
    id: "crawl",
    name: "Crawl",
    names: { en: "Front crawl", de: "Kraulschwimmen", es: "Crol" },
    type: ["natation"],
    muscles: ["epaules", "dos-superieur", "abdos-centre"],
    primaryMuscle: "epaules",
    equipment: ["poids-du-corps"],
    popularity: 60,
  }),
  fixtureExercise({
    id: "respiration-carree",
    name: "Respiration carrée",
    names: { en: "Box breathing", de: "Box-Atmung", es: "Respiración cuadrada" },
    type: ["meditation"],
    muscles: [],
    primaryMuscle: null,
    equipment: ["poids-du-corps"],
    popularity: 50,
    description: {
      fr: "Inspire, retiens, expire et retiens, quatre temps chacun, pour calmer le souffle.",
      en: "Breathe in, hold, breathe out and hold, four counts each, to calm your breath.",
      de: "Einatmen, halten, ausatmen, halten, je vier Takte, um den Atem zu beruhigen.",
      es: "Inspira, retén, espira y retén, cuatro tiempos cada uno, para calmar la respiración.",
    },
  }),
];
