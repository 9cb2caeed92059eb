// The spec's local-storage keys of the workout builder, apart from the
// builder's code: the cookie policy lists them without loading the builder.

export const STORAGE_KEYS = {
  selected: "dynamiSelected",
  step: "dynamiStep",
  type: "dynamiType",
  equipment: "dynamiEquip",
  muscles: "dynamiMuscle",
  dismissed: "dynamiDismissed",
  hasTouched: "dynamiHasTouched",
  lastResults: "dynamiLastResults",
  selectedExercises: "formSelectedExercises",
  currentStep: "formCurrentStep",
  mode: "formMode",
  sessionName: "formSessionName",
} as const;
