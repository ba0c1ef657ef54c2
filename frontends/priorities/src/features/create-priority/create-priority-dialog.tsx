// Create Priority dialog (spec 2.13, 5): title, description and an optional issue (the list is
// loaded once the dialog opens; "none" leaves it unset). The form checks spec 5's rules with the
// server's own messages. A failure is spec 8's toast ("Failed to create priority. Please try
// again."); a refusal the server explains (400, 403, 429) also shows its message in the dialog, so
// the daily limit says what it is; a 401 opens the sign-in dialog (shared MutationCache). When the
// priority_creation_cost setting is above 0 (spec 9's default is 0) the description names the cost.
// The navbar then shows the balance the answer gives (after the cost) plus the reward that follows.
import { PRIORITY_CREATION_REWARD } from '@civic/contracts/ledger/messages';
import type { TCreatedPriority, TIssue } from '@civic/contracts/priorities/http';
import { PRIORITY_LIMITS } from '@civic/contracts/priorities/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  ApiError,
  apiRequestJson,
  Button,
  cachedBalance,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  Input,
  usePlatformSettings,
  isActivityQuery,
  isUnauthorizedError,
  Label,
  queryClient,
  randomUuid,
  setBalance,
  toast,
} from '@civic/frontend-kit';
import { ISSUE_CATEGORIES } from '../priority-listing/issue-categories.ts';
import { ISSUES_PATH, PRIORITIES_PATH, refetchPriorityLists, STATS_PATH } from '../priority-listing/priority-queries.ts';
import { PRIORITY_TOASTS } from '../priority-listing/priority-texts.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../priority-listing/use-promote.ts';
import {
  EMPTY_PRIORITY_FORM,
  NO_ISSUE,
  toCreatePriorityBody,
  validatePriority,
  type CreatePriorityBody,
  type PriorityForm,
  type PriorityFormErrors,
  type PriorityFormField,
} from './validate-priority.ts';

export const CREATE_PRIORITY_TITLE = 'Create New Priority';

const FORM_FIELDS: readonly PriorityFormField[] = ['title', 'description', 'issueId'];

/** A refusal written for people (a 4xx other than 401 with a message), or null for the fallback. */
function explainedRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 401) return null;
  return error.serverMessage;
}

/** Field errors of a 400 answer ({ errors: [{ path, message }] }). */
function serverFieldErrors(error: unknown): PriorityFormErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const body = JSON.parse(error.bodyText) as { errors?: { path?: unknown; message?: unknown }[] };
    const errors: PriorityFormErrors = {};
    for (const item of body.errors ?? []) {
      const path = Array.isArray(item.path) ? item.path[0] : item.path;
      if (FORM_FIELDS.includes(path as PriorityFormField) && typeof item.message === 'string') {
        errors[path as PriorityFormField] ??= item.message;
      }
    }
    return errors;
  } catch {
    return {};
  }
}

/**
 * The balance after a creation: the answer's (after the cost; null when free, then the one shown),
 * plus the reward the ledger credits from the creation's event a moment later.
 */
function showBalanceAfterCreation(afterCost: number | null): void {
  const base = afterCost ?? cachedBalance();
  if (base === null) return;
  void setBalance({ balance: base + PRIORITY_CREATION_REWARD, passedThrough: afterCost === null ? [] : [afterCost] });
}

/** Issues grouped by category in the spec's category order, titles alphabetical. */
function groupIssues(issues: readonly TIssue[]): { category: string; issues: TIssue[] }[] {
  const categories: string[] = [...ISSUE_CATEGORIES];
  for (const issue of issues) if (!categories.includes(issue.category)) categories.push(issue.category);
  return categories
    .map((category) => ({
      category,
      issues: issues.filter((issue) => issue.category === category).sort((a, b) => a.title.localeCompare(b.title)),
    }))
    .filter((group) => group.issues.length > 0);
}

export function CreatePriorityDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { priority_creation_cost: creationCost } = usePlatformSettings();
  const [form, setForm] = useState<PriorityForm>(EMPTY_PRIORITY_FORM);
  const [errors, setErrors] = useState<PriorityFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = { title: useId(), description: useId(), issueId: useId() };

  const issues = useQuery<TIssue[]>({ queryKey: [ISSUES_PATH], enabled: open });
  const issueGroups = useMemo(() => groupIssues(issues.data ?? []), [issues.data]);

  const reset = () => {
    setForm(EMPTY_PRIORITY_FORM);
    setErrors({});
    setRefusal(null);
  };

  const create = useMutation({
    // A fresh Idempotency-Key per submit (as Promote sends one per click), chosen with the submit so
    // every retry of it carries the same one: a request that reached the server twice (a retry after
    // a lost answer, the CSRF retry) creates, and charges, once.
    mutationFn: ({ body, idempotencyKey }: { body: CreatePriorityBody; idempotencyKey: string }) =>
      apiRequestJson<TCreatedPriority>('POST', PRIORITIES_PATH, body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSuccess: (created) => {
      toast({ title: PRIORITY_TOASTS.created, description: PRIORITY_TOASTS.createdDescription, variant: 'success' });
      reset();
      onOpenChange(false);
      void refetchPriorityLists();
      void queryClient.invalidateQueries({ queryKey: [STATS_PATH] });
      showBalanceAfterCreation(created.balance ?? null);
      void queryClient.invalidateQueries({ predicate: isActivityQuery });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message = explainedRefusal(error);
      setErrors(serverFieldErrors(error));
      setRefusal(message);
      toast({ title: PRIORITY_TOASTS.errorTitle, description: PRIORITY_TOASTS.createFailed, variant: 'destructive' });
    },
  });

  const changeOpen = (next: boolean) => {
    // Closing forgets the draft, unless a creation is still on its way (its answer decides).
    if (!next && !create.isPending) reset();
    onOpenChange(next);
  };

  const change = (field: PriorityFormField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = validatePriority(form);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) {
      const first = FORM_FIELDS.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    create.mutate({ body: toCreatePriorityBody(form), idempotencyKey: randomUuid() });
  };

  const fieldProps = (field: PriorityFormField) => ({
    id: ids[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids[field]}-error` : `${ids[field]}-hint`,
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{CREATE_PRIORITY_TITLE}</DialogTitle>
        <DialogDescription>
          Propose a priority for the national agenda. Fellow citizens can endorse or oppose it. You earn 5 political capital for each priority you create.
          {creationCost > 0 ? ` Creating one costs ${creationCost.toLocaleString('en-US')} political capital.` : null}
        </DialogDescription>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField
            id={ids.title}
            label="Title"
            error={errors.title}
            hint={`${form.title.trim().length}/${PRIORITY_LIMITS.titleMax} characters (at least ${PRIORITY_LIMITS.titleMin})`}
          >
            <Input
              {...fieldProps('title')}
              value={form.title}
              placeholder="e.g. Lower prescription drug prices"
              onChange={(event) => change('title', event.target.value)}
            />
          </FormField>
          <FormField
            id={ids.description}
            label="Description"
            error={errors.description}
            hint={`${form.description.trim().length}/${PRIORITY_LIMITS.descriptionMax} characters (at least ${PRIORITY_LIMITS.descriptionMin})`}
          >
            <textarea
              {...fieldProps('description')}
              rows={5}
              value={form.description}
              placeholder="Why does this matter, and what should change?"
              onChange={(event) => change('description', event.target.value)}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none aria-invalid:border-red-500 md:text-sm"
            />
          </FormField>
          <FormField
            id={ids.issueId}
            label="Related issue (optional)"
            error={errors.issueId}
            hint={issues.isError ? 'The issue list could not be loaded; you can still create the priority without one.' : undefined}
          >
            <select
              {...fieldProps('issueId')}
              value={form.issueId}
              onChange={(event) => change('issueId', event.target.value)}
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none aria-invalid:border-red-500"
            >
              <option value={NO_ISSUE}>{issues.isPending ? 'Loading issues...' : 'None'}</option>
              {issueGroups.map((group) => (
                <optgroup key={group.category} label={group.category}>
                  {group.issues.map((issue) => (
                    <option key={issue.id} value={String(issue.id)}>
                      {issue.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </FormField>
          {refusal && <Alert variant="destructive">{refusal}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => changeOpen(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Priority'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
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
