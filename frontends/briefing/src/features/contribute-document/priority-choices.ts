// The Contribute Document dialog's priority picker (spec 2.14, 9): 100 priorities are loaded, at most
// 20 are offered, narrowed by what the user types (any part of the title, any case). The chosen one
// stays offered while it is filtered out, so the choice never silently changes.

/** spec 9: the picker shows 20 of the 100 loaded priorities. */
export const PICKER_SHOWN = 20;

export interface PriorityChoice {
  id: string;
  title: string;
}

export function priorityChoices(priorities: readonly PriorityChoice[], filter: string, chosenId: string | null): PriorityChoice[] {
  const term = filter.trim().toLocaleLowerCase();
  const matching = term ? priorities.filter((priority) => priority.title.toLocaleLowerCase().includes(term)) : priorities;
  const shown = matching.slice(0, PICKER_SHOWN);
  const chosen = chosenId ? priorities.find((priority) => priority.id === chosenId) : undefined;
  return chosen && !shown.includes(chosen) ? [chosen, ...shown] : shown;
}
