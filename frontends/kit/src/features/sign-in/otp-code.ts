// Pure rules of the six code boxes (spec 5 "Code").
import { CODE_LENGTH } from './sign-in-messages.ts';

export type CodeDigits = readonly string[];

export const EMPTY_CODE: CodeDigits = Array.from({ length: CODE_LENGTH }, () => '');

/** Pasted text keeps digits only, and only the first six. */
export function digitsFromPaste(text: string): string[] {
  return Array.from(text.replace(/\D/g, '').slice(0, CODE_LENGTH));
}

/** Writes `digits` into the boxes from `start` on; extra digits are dropped. */
export function fillDigits(code: CodeDigits, start: number, digits: readonly string[]): string[] {
  const next = [...code];
  digits.forEach((digit, offset) => {
    const index = start + offset;
    if (index < CODE_LENGTH) next[index] = digit;
  });
  return next;
}

/** The digit a box keeps after typing: the last digit typed, or empty when no digit. */
export function digitFromTyping(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.charAt(digits.length - 1);
}

export function isCodeComplete(code: CodeDigits): boolean {
  return code.length === CODE_LENGTH && code.every((digit) => /^\d$/.test(digit));
}
