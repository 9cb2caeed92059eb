/**
 * French puts a space before ? ! : ; and », and after «. A plain space lets
 * the line break there, leaving a lone "?" at the start of a line (the
 * greeting's "Envie de bouger ? C'est parti !" on a phone). The space
 * becomes a no-break space, so the mark stays with its word. Other
 * languages, and text with no such space, come back as they are.
 */
export function withFrenchSpacing(text: string, language: string): string {
  if (!language.startsWith("fr")) return text;
  return text.replace(/ ([?!:;»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
}
