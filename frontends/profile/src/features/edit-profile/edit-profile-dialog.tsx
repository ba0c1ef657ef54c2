// Edit Profile dialog (spec 2.15): client-side checks with the server's messages; a 400 shows
// the server's message; success toasts "Profile Updated" and refetches the profile and the current user.
import type { TProfile } from '@civic/contracts';
import {
  Alert,
  ApiError,
  apiRequestJson,
  Button,
  CURRENT_USER_QUERY_KEY,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  Input,
  Label,
  queryClient,
  toast,
} from '@civic/frontend-kit';
import { GENDERS, PROFILE_TOASTS } from '@civic/contracts/account/messages';
import { US_STATES } from '@civic/contracts/account/us-states';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  PROFILE_FIELDS,
  toUpdate,
  trimForm,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileForm,
  type ProfileUpdate,
} from './validate-profile.ts';
import { profilePath } from '../../api/profile-path.ts';

type FullProfile = Extract<TProfile, { isPrivate: false }>;

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  'non-binary': 'Non-binary',
  'prefer-not-to-say': 'Prefer not to say',
};

function formOf(profile: FullProfile): ProfileForm {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profile[field] === null ? '' : String(profile[field])])) as ProfileForm;
}

/** Field errors of a 400 answer ({ errors: [{ path, message }] }), keyed by the form's fields. */
function serverFieldErrors(error: ApiError): ProfileErrors {
  try {
    const body = JSON.parse(error.bodyText) as { errors?: { path?: unknown; message?: unknown }[] };
    const errors: ProfileErrors = {};
    for (const item of body.errors ?? []) {
      const path = Array.isArray(item.path) ? item.path[0] : item.path;
      if (typeof path === 'string' && (PROFILE_FIELDS as readonly string[]).includes(path) && typeof item.message === 'string') {
        errors[path as ProfileField] = item.message;
      }
    }
    return errors;
  } catch {
    return {};
  }
}

export function EditProfileDialog({ profile, onClose }: { profile: FullProfile; onClose: () => void }) {
  const [form, setForm] = useState<ProfileForm>(() => formOf(profile));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (update: ProfileUpdate) => apiRequestJson<TProfile>('PATCH', profilePath(profile.id), update),
    onSuccess: async () => {
      toast({ title: PROFILE_TOASTS.updated, description: 'Your profile has been updated successfully.', variant: 'success' });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [profilePath(profile.id)] }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
      ]);
    },
    onError: (error) => {
      // Spec 8 "server message preferred": a refusal the server explains is titled "Failed to update
      // profile" with its words (a 400 also marks its fields); anything else gets spec 8's text.
      const serverMessage = error instanceof ApiError && error.status < 500 ? error.serverMessage : null;
      if (error instanceof ApiError && error.status === 400) {
        setErrors(serverFieldErrors(error));
        setServerError(serverMessage ?? PROFILE_TOASTS.updateFailed);
      }
      toast(
        serverMessage
          ? { title: PROFILE_TOASTS.updateFailed, description: serverMessage, variant: 'destructive' }
          : { title: 'Error', description: PROFILE_TOASTS.updateFailed, variant: 'destructive' },
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = trimForm(form);
    const found = validateProfile(trimmed);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(toUpdate(trimmed));
  };

  const field = (name: ProfileField, label: string, input: Partial<Parameters<typeof Input>[0]> = {}) => (
    <FormField name={name} label={label} error={errors[name]}>
      <Input
        id={`profile-${name}`}
        value={form[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `profile-${name}-error` : undefined}
        onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
        {...input}
      />
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Edit Profile</DialogTitle>
        <DialogDescription>Update your personal information and social links.</DialogDescription>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('firstName', 'First Name', { autoComplete: 'given-name' })}
            {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
          </div>
          <FormField name="bio" label="Bio" error={errors.bio}>
            <textarea
              id="profile-bio"
              rows={4}
              value={form.bio}
              aria-invalid={errors.bio ? true : undefined}
              aria-describedby={errors.bio ? 'profile-bio-error' : undefined}
              onChange={(event) => setForm((current) => ({ ...current, bio: event.target.value }))}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('location', 'Location')}
            {field('occupation', 'Occupation')}
            {field('birthYear', 'Birth Year', { inputMode: 'numeric' })}
            <FormField name="gender" label="Gender" error={errors.gender}>
              <select
                id="profile-gender"
                value={form.gender}
                onChange={(event) => setForm((current) => ({ ...current, gender: event.target.value }))}
                className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
              >
                <option value="">Not specified</option>
                {GENDERS.map((gender) => (
                  <option key={gender} value={gender}>
                    {GENDER_LABELS[gender]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField name="state" label="State" error={errors.state}>
              {/* Issue 23: optional; a public profile's state counts in the agenda by state. */}
              <select
                id="profile-state"
                value={form.state}
                aria-invalid={errors.state ? true : undefined}
                aria-describedby={errors.state ? 'profile-state-error' : 'profile-state-hint'}
                onChange={(event) => setForm((current) => ({ ...current, state: event.target.value }))}
                className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
              >
                <option value="">Not specified</option>
                {US_STATES.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.name}
                  </option>
                ))}
              </select>
              {!errors.state && (
                <p id="profile-state-hint" className="text-xs text-slate-600">
                  Counts in your state's agenda while your profile is public.
                </p>
              )}
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('website', 'Website', { type: 'url', placeholder: 'https://example.com' })}
            {field('twitterHandle', 'Twitter Handle', { placeholder: 'username' })}
            {field('linkedinUrl', 'LinkedIn URL', { type: 'url', placeholder: 'https://linkedin.com/in/username' })}
            {field('facebookUrl', 'Facebook URL', { type: 'url', placeholder: 'https://facebook.com/username' })}
            {field('instagramHandle', 'Instagram Handle', { placeholder: 'username' })}
          </div>
          {serverError && <Alert variant="destructive">{serverError}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FormField({ name, label, error, children }: { name: ProfileField; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`profile-${name}`}>{label}</Label>
      {children}
      {error && (
        <p id={`profile-${name}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
