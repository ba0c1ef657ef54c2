// The optional priority of a contribution (spec 2.14, 9): 100 priorities loaded once the dialog is
// open, a filter box that narrows them as the user types, and a list of at most 20 with "None".
import type { TPriority } from '@civic/contracts/priorities/http';
import { Input, Label } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { PICKER_PRIORITIES_QUERY_KEY } from '../document-listing/briefing-queries.ts';
import { priorityChoices } from './priority-choices.ts';
import { NO_PRIORITY } from './validate-document.ts';

export const PRIORITY_PICKER_LABEL = 'Related priority (optional)';

interface PriorityPickerProps {
  id: string;
  value: string;
  onChange: (priorityId: string) => void;
  error?: string;
  enabled: boolean;
}

export function PriorityPicker({ id, value, onChange, error, enabled }: PriorityPickerProps) {
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const priorities = useQuery<TPriority[]>({ queryKey: PICKER_PRIORITIES_QUERY_KEY, enabled });
  const chosen = value === NO_PRIORITY ? null : value;
  const choices = useMemo(() => priorityChoices(priorities.data ?? [], filter, chosen), [priorities.data, filter, chosen]);
  const hint = priorities.isError
    ? 'The priorities could not be loaded; you can still contribute without one.'
    : filter.trim() && choices.length === 0
      ? 'No priority matches the filter.'
      : undefined;

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{PRIORITY_PICKER_LABEL}</Label>
      <Input
        id={filterId}
        type="search"
        aria-label="Filter priorities"
        placeholder="Type to filter priorities..."
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none aria-invalid:border-red-500"
      >
        <option value={NO_PRIORITY}>{priorities.isPending && enabled ? 'Loading priorities...' : 'None'}</option>
        {choices.map((priority) => (
          <option key={priority.id} value={priority.id}>
            {priority.title}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
