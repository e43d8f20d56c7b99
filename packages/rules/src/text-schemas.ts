import { z } from 'zod';
import { messages } from './messages';
import { isCleanMultiLine, isCleanSingleLine, normalizeMultiLine, normalizeSingleLine } from './text';

/** The zod schemas of the text fields, from the character rules of ./text.ts. */

/**
 * A single-line text field: normalised (see `normalizeSingleLine`), then `required` when empty, then
 * the character rule with `field` named in its message. Chain further checks (min, max) after it.
 */
export function singleLineText(field: string, required: string) {
  return z
    .string()
    .overwrite(normalizeSingleLine)
    .min(1, required)
    .refine(isCleanSingleLine, messages.text.singleLine(field));
}

/**
 * A multi-line text field: line breaks as LF, the ends trimmed, control characters other than TAB and
 * LF refused. Chain further checks (min, max) after it.
 */
export function multiLineText(field: string) {
  return z
    .string()
    .overwrite((value) => normalizeMultiLine(value).trim())
    .refine(isCleanMultiLine, messages.text.multiLine(field));
}
