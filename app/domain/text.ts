// Small text rules shared by the forms' schemas.

/**
 * Drops control characters other than tab, line feed and carriage return:
 * they have no place in a text someone typed and could upset a mail client.
 */
export function withoutControlCharacters(text: string): string {
  let kept = "";
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const isControl = (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
    if (!isControl) kept += character;
  }
  return kept;
}
