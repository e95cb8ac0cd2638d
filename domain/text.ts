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

/**
 * The characters that change the direction text is shown in (embeddings, overrides, isolates, and the left-to-right,
 * right-to-left and Arabic letter marks). In a one-line field they serve only to make a name or a title read
 * otherwise than it is stored ("‮gpj.exe" shows as "exe.jpg"), so one-line fields refuse them.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROLS.test(value);
}

/** The message for a one-line field that holds a text direction control. */
export const bidiControlsMessage = (field: string) => `${field} cannot contain text direction controls`;

/**
 * What shows nothing: white space, control and format characters (zero-width spaces and joiners, direction marks,
 * the byte order mark), and the blank fillers of Hangul and Braille.
 */
const INVISIBLE = /^[\s\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0\u2800]*$/u;

/** True when the text has at least one character a reader can see: what a required field needs. */
export function hasVisibleCharacter(value: string): boolean {
  return !INVISIBLE.test(value);
}
