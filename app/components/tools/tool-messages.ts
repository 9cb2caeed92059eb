import { useTranslation } from "react-i18next";

// The calculators' rules (app/domain/imc.ts, calories.ts) answer message
// keys, in the browser and in conform's reply from the server alike; the
// page says them in its language from tools.json (messages.imc.*,
// messages.calories.*), whose French texts are the domain's, word for word.

export type ToolMessageGroup = "imc" | "calories";

/** Translates a calculator's message key; anything else is shown as it came. */
export function useToolMessage(group: ToolMessageGroup): (key: string | undefined) => string | undefined {
  const { t } = useTranslation("tools");
  return (key) => (key === undefined ? undefined : t(`messages.${group}.${key}`, { defaultValue: key }));
}
