// Verify step (spec 2.4, 5): six boxes, auto-submit when full, resend, "Use different email".
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { queryClient } from '../../api/query-client.ts';
import { CURRENT_USER_QUERY_KEY } from '../../auth/current-user.ts';
import { toast } from '../../toast/toast-store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { EMPTY_CODE, isCodeComplete } from './otp-code.ts';
import { OtpInput } from './otp-input.tsx';
import { verifyOtp, resendOtp } from './sign-in-api.ts';
import { markSignInRedirectPending } from './sign-in-dialog-store.ts';
import { describeSignInError } from './sign-in-errors.ts';
import { REDIRECT_AFTER_VERIFY_MS, RESEND_COOLDOWN_SECONDS, SIGN_IN_TEXT, VERIFIED_TOAST_DURATION_MS } from './sign-in-messages.ts';
import { useCountdown } from './use-countdown.ts';

interface VerifyStepProps {
  email: string;
  stateId: string;
  onStateIdChange: (stateId: string) => void;
  onUseDifferentEmail: () => void;
  onSignedIn: () => void;
}

export function VerifyStep({ email, stateId, onStateIdChange, onUseDifferentEmail, onSignedIn }: VerifyStepProps) {
  const [code, setCode] = useState<readonly string[]>(EMPTY_CODE);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [rejections, setRejections] = useState(0);
  const cooldown = useCountdown(RESEND_COOLDOWN_SECONDS);

  const showError = (message: string, toastTitle: string) => {
    setSuccess(null);
    setError(message);
    toast({ title: toastTitle, description: message, variant: 'destructive' });
  };

  const verify = useMutation({
    mutationFn: (otp: string) => verifyOtp(stateId, otp),
    onSuccess: async () => {
      markSignInRedirectPending();
      toast({
        title: 'Welcome!',
        description: 'You have been signed in successfully.',
        variant: 'success',
        duration: VERIFIED_TOAST_DURATION_MS,
      });
      onSignedIn();
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      // A full load gives the new session fresh state everywhere (spec 9: after 1 s).
      setTimeout(() => window.location.assign('/'), REDIRECT_AFTER_VERIFY_MS);
    },
    onError: (cause) => {
      setCode(EMPTY_CODE);
      setRejections((count) => count + 1);
      showError(
        describeSignInError(cause, { answered: SIGN_IN_TEXT.verifyFailed, unreachable: SIGN_IN_TEXT.verifyFailedFallback }),
        SIGN_IN_TEXT.verifyFailedToast,
      );
    },
  });

  const resend = useMutation({
    mutationFn: () => resendOtp(stateId),
    onSuccess: (answer) => {
      cooldown.restart();
      onStateIdChange(answer.stateId);
      setCode(EMPTY_CODE);
      const message = answer.message || 'A new code is on its way.';
      setError(null);
      setSuccess(message);
      toast({ title: 'Code sent', description: message, variant: 'success' });
    },
    onError: (cause) => showError(describeSignInError(cause, { answered: SIGN_IN_TEXT.resendCodeFailed, unreachable: SIGN_IN_TEXT.resendCodeFailed }), 'Error'),
  });

  const submit = (digits: readonly string[]) => {
    // Spec 2.4: the inline alert and the destructive toast, for a problem found here as for the server's.
    if (!isCodeComplete(digits)) {
      showError(SIGN_IN_TEXT.codeIncomplete, SIGN_IN_TEXT.verifyFailedToast);
      return;
    }
    if (verify.isPending) return;
    setError(null);
    verify.mutate(digits.join(''));
  };

  const handleCodeChange = (next: string[]) => {
    const wasComplete = isCodeComplete(code);
    setCode(next);
    // Auto-submit once, when the sixth digit arrives.
    if (!wasComplete && isCodeComplete(next)) submit(next);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <p className="text-center text-sm text-slate-600">
        We sent a 6-digit code to <strong className="font-semibold text-slate-900">{email}</strong>
      </p>
      <OtpInput code={code} onChange={handleCodeChange} disabled={verify.isPending} invalid={Boolean(error)} focusFirstSignal={rejections} />
      <p className="text-center text-xs text-slate-500">{SIGN_IN_TEXT.codeExpiry}</p>
      {error && <Alert variant="destructive">{error}</Alert>}
      {success && <Alert variant="success">{success}</Alert>}
      <Button type="submit" disabled={verify.isPending} className="w-full">
        {verify.isPending ? 'Verifying...' : 'Verify Code'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="link" onClick={onUseDifferentEmail}>
          {SIGN_IN_TEXT.useDifferentEmail}
        </Button>
        <Button variant="link" onClick={() => resend.mutate()} disabled={cooldown.remaining > 0 || resend.isPending || verify.isPending}>
          {resend.isPending ? 'Sending...' : cooldown.remaining > 0 ? `Resend code (${cooldown.remaining}s)` : 'Resend code'}
        </Button>
      </div>
    </form>
  );
}
