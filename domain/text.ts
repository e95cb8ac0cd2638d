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
