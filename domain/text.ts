/** Rules for free text that client and server share (no zod here: pages import it). */

/**
 * True when the text holds a control character other than tab, line feed and carriage return (C0 and DEL). No form
 * produces them, and PostgreSQL cannot store NUL at all, so every stored text field refuses them with a 400 that
 * names the field instead of failing in the database.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** The message for a field that holds a control character. */
export const controlCharactersMessage = (field: string) => `${field} cannot contain control characters`;

/**
 * True when a one-line text (a name, a street line, a city) holds any control character: those of
 * hasControlCharacters, and also tab and line breaks (C0, DEL, C1, and the Unicode line and paragraph separators),
 * which would split the line on a parcel label.
 */
export function hasLineControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return true;
  }
  return false;
}
