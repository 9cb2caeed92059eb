import type { TFunction } from "~/i18n/translator";
import type { RoutineFlash } from "~/services/workout/routines.server";

/** What a routine's form did, in the routines namespace's words. */
export function routineFlashText(t: TFunction, flash: RoutineFlash): string {
  return t(`flash.${flash.kind}`, { name: flash.name, count: flash.count ?? 0 });
}
