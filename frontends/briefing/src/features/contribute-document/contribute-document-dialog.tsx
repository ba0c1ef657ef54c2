// Contribute Document dialog (spec 2.14, 5): title, content, type (default talking_point) and an
// optional priority. The form checks spec 5's rules with the server's own messages. Success is spec
// 8's "Document created" (+2 PC) and everything it changes is read again; a failure is spec 8's
// toast ("Failed to create document. Please try again."), and a refusal the server explains (400,
// 403) also shows its message in the dialog; a 401 opens the sign-in dialog (the kit's MutationCache).
import type { TCreatedBriefingDocument } from '@civic/contracts/briefing/http';
import { BRIEFING_DOC_TYPES, BRIEFING_LIMITS } from '@civic/contracts/briefing/messages';
import {
  Alert,
  ApiError,
  apiRequestJson,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  Input,
  isUnauthorizedError,
  Label,
  toast,
} from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DOCUMENTS_PATH, refreshAfterContribution } from '../document-listing/briefing-queries.ts';
import { BRIEFING_TOASTS, CONTRIBUTE_DOCUMENT_TITLE, DOCUMENT_TYPE_LABELS } from '../document-listing/briefing-texts.ts';
import { PriorityPicker } from './priority-picker.tsx';
import {
  EMPTY_DOCUMENT_FORM,
  toCreateDocumentBody,
  validateDocument,
  type CreateDocumentBody,
  type DocumentForm,
  type DocumentFormErrors,
  type DocumentFormField,
} from './validate-document.ts';

const FORM_FIELDS: readonly DocumentFormField[] = ['title', 'content', 'type', 'priorityId'];

const FIELD_CLASSES =
  'w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none aria-invalid:border-red-500';

/** A refusal written for people (a 4xx other than 401 with a message), or null for the fallback. */
function explainedRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 401) return null;
  return error.serverMessage;
}

/** Field errors of a 400 answer ({ errors: [{ path, message }] }). */
function serverFieldErrors(error: unknown): DocumentFormErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const body = JSON.parse(error.bodyText) as { errors?: { path?: unknown; message?: unknown }[] };
    const errors: DocumentFormErrors = {};
    for (const item of body.errors ?? []) {
      const path = Array.isArray(item.path) ? item.path[0] : item.path;
      if (FORM_FIELDS.includes(path as DocumentFormField) && typeof item.message === 'string') {
        errors[path as DocumentFormField] ??= item.message;
      }
    }
    return errors;
  } catch {
    return {};
  }
}

export function ContributeDocumentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<DocumentForm>(EMPTY_DOCUMENT_FORM);
  const [errors, setErrors] = useState<DocumentFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = { title: useId(), content: useId(), type: useId(), priorityId: useId() };

  const reset = () => {
    setForm(EMPTY_DOCUMENT_FORM);
    setErrors({});
    setRefusal(null);
  };

  const create = useMutation({
    mutationFn: (body: CreateDocumentBody) => apiRequestJson<TCreatedBriefingDocument>('POST', DOCUMENTS_PATH, body),
    onSuccess: (document) => {
      const earned = document.politicalCapitalEarned > 0;
      const description = earned ? BRIEFING_TOASTS.createdDescription : BRIEFING_TOASTS.createdUnrewardedDescription;
      toast({ title: BRIEFING_TOASTS.created, description, variant: 'success' });
      reset();
      onOpenChange(false);
      refreshAfterContribution(document.politicalCapitalEarned);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      setErrors(serverFieldErrors(error));
      setRefusal(explainedRefusal(error));
      toast({ title: BRIEFING_TOASTS.errorTitle, description: BRIEFING_TOASTS.createFailed, variant: 'destructive' });
    },
  });

  const changeOpen = (next: boolean) => {
    // Closing forgets the draft, unless a contribution is still on its way (its answer decides).
    if (!next && !create.isPending) reset();
    onOpenChange(next);
  };

  const change = <Field extends DocumentFormField>(field: Field, value: DocumentForm[Field]) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = validateDocument(form);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) {
      const first = FORM_FIELDS.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    create.mutate(toCreateDocumentBody(form));
  };

  const fieldProps = (field: DocumentFormField) => ({
    id: ids[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids[field]}-error` : `${ids[field]}-hint`,
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{CONTRIBUTE_DOCUMENT_TITLE}</DialogTitle>
        <DialogDescription>
          Share a talking point, document or research with fellow citizens. You earn 2 political capital for each document you contribute.
        </DialogDescription>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField
            id={ids.title}
            label="Title"
            error={errors.title}
            hint={`${form.title.trim().length}/${BRIEFING_LIMITS.titleMax} characters (at least ${BRIEFING_LIMITS.titleMin})`}
          >
            <Input
              {...fieldProps('title')}
              value={form.title}
              placeholder="e.g. Three facts about rural hospital closures"
              onChange={(event) => change('title', event.target.value)}
            />
          </FormField>
          <FormField
            id={ids.content}
            label="Content"
            error={errors.content}
            hint={`${form.content.trim().length}/${BRIEFING_LIMITS.contentMax} characters (at least ${BRIEFING_LIMITS.contentMin})`}
          >
            <textarea
              {...fieldProps('content')}
              rows={6}
              value={form.content}
              placeholder="The points, sources and arguments you want to share."
              onChange={(event) => change('content', event.target.value)}
              className={`${FIELD_CLASSES} py-2 text-base md:text-sm`}
            />
          </FormField>
          <FormField id={ids.type} label="Type" error={errors.type}>
            <select
              {...fieldProps('type')}
              aria-describedby={errors.type ? `${ids.type}-error` : undefined}
              value={form.type}
              onChange={(event) => change('type', event.target.value as DocumentForm['type'])}
              className={`${FIELD_CLASSES} h-10 text-sm`}
            >
              {BRIEFING_DOC_TYPES.map((type) => (
                <option key={type} value={type}>
                  {DOCUMENT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </FormField>
          <PriorityPicker
            id={ids.priorityId}
            value={form.priorityId}
            onChange={(priorityId) => change('priorityId', priorityId)}
            error={errors.priorityId}
            enabled={open}
          />
          {refusal && <Alert variant="destructive">{refusal}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => changeOpen(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Contributing...' : CONTRIBUTE_DOCUMENT_TITLE}
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
