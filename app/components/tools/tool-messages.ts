import { useTranslation } from "react-i18next";
import { CALORIE_MESSAGES } from "~/domain/calories";
import { IMC_MESSAGES } from "~/domain/imc";

// The domain speaks French, the exact words of the spec, and the server sends
// those words back in conform's reply. The page translates them by looking up
// which message it is: French pages show the domain text itself (a test keeps
// locales/fr/tools.json identical to it), other languages their translation.

const keyByMessage = new Map<string, string>([
  ...Object.entries(IMC_MESSAGES).map(([key, message]) => [message, `messages.imc.${key}`] as const),
  ...Object.entries(CALORIE_MESSAGES).map(([key, message]) => [message, `messages.calories.${key}`] as const),
]);

/** The translation key of a domain message, or null for a message the tools do not know. */
export function toolMessageKey(message: string): string | null {
  return keyByMessage.get(message) ?? null;
}

/** Translates domain messages; an unknown one is shown as it came. */
export function useToolMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation("tools");
  return (message) => {
    if (message === undefined) return undefined;
    const key = toolMessageKey(message);
    return key ? t(key, { defaultValue: message }) : message;
  };
}
