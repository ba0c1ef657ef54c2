// Spec 5 "Account deletion": the confirm button is enabled only by exactly DELETE, case and
// spaces included (no trimming: "DELETE " does not count).
import { DELETE_CONFIRMATION_WORD } from '../settings-page/settings-texts.ts';

export function isDeletionConfirmed(typed: string): boolean {
  return typed === DELETE_CONFIRMATION_WORD;
}
