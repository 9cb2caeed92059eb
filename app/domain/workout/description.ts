// What a card shows of an exercise's description before 'Lire la suite':
// about two lines, cut at a word. The whole text always reaches the page
// (the safety cue often sits at its end: "dos droit", "sans forcer").

/** About two lines of a card at desktop width. */
export const DESCRIPTION_TEASER_LENGTH = 160;

/** The text itself when it is short enough, else its beginning cut at a word, with "…". */
export function descriptionTeaser(text: string, max = DESCRIPTION_TEASER_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, "")}…`;
}
