/**
 * The one schema of a person's free text (a name, a title, a city, a note), which every payload schema of domain/
 * builds its text fields with, so that each rule is written once (docs/product.md#validation):
 * - trimmed;
 * - no control characters (a one-line field: no tab or line break either), checked first;
 * - a one-line field: no text direction controls (U+202E and its kin);
 * - a required field: at least one visible character (zero-width characters alone are empty);
 * - at most `max` characters.
 * An optional field that is absent, null, blank or invisible is null.
 */
import { z } from 'zod';
import {
  bidiControlsMessage,
  controlCharactersMessage,
  hasBidiControls,
  hasControlCharacters,
  hasLineControlCharacters,
  hasVisibleCharacter,
} from './text';

export interface TextRules {
  /** The field as messages name it: 'Title', 'City'. */
  field: string;
  /** One line (a name, a title, a city, a number), or several (a description, a note). */
  line: boolean;
  max: number;
  /** The message past `max` characters, and when the value is not text. */
  maxMessage: string;
  /** The message of a control character (default: "<field> cannot contain control characters"). */
  controlMessage?: string;
}

function checkedText(rules: TextRules, typeMessage: string) {
  const controlMessage = rules.controlMessage ?? controlCharactersMessage(rules.field);
  const hasControls = rules.line ? hasLineControlCharacters : hasControlCharacters;
  return z
    .string({ error: typeMessage })
    .trim()
    .refine((v) => !hasControls(v), { error: controlMessage, abort: true })
    .refine((v) => !(rules.line && hasBidiControls(v)), {
      error: bidiControlsMessage(rules.field),
      abort: true,
    });
}

/** A required text field: `required` is the message when it is missing, blank or has nothing visible. */
export function requiredText(rules: TextRules & { required: string }) {
  return checkedText(rules, rules.required)
    .refine(hasVisibleCharacter, { error: rules.required, abort: true })
    .refine((v) => v.length <= rules.max, { error: rules.maxMessage });
}

function limitedText(rules: TextRules & { typeMessage?: string }) {
  return checkedText(rules, rules.typeMessage ?? rules.maxMessage).refine((v) => v.length <= rules.max, {
    error: rules.maxMessage,
  });
}

/** An optional text field: absent, null, blank or nothing visible is null. */
export function optionalText(rules: TextRules & { typeMessage?: string }) {
  return limitedText(rules)
    .nullish()
    .transform((v) => (v && hasVisibleCharacter(v) ? v : null));
}

/**
 * An optional text field of an edit, where leaving it out keeps the stored value: absent stays undefined; null,
 * blank or nothing visible is null (clears it).
 */
export function editableText(rules: TextRules & { typeMessage?: string }) {
  return limitedText(rules)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v && hasVisibleCharacter(v) ? v : null));
}
