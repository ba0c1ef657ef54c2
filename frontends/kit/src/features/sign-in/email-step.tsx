// Login step (spec 2.4): magic link or code, one e-mail field.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { TSendResponse } from '@civic/contracts/auth/http';
import { toast } from '../../toast/toast-store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { sendMagicLink, sendOtp } from './sign-in-api.ts';
import { describeSignInError } from './sign-in-errors.ts';
import { SIGN_IN_TEXT } from './sign-in-messages.ts';
import { validateEmail } from './validate-email.ts';

export type SignInMethod = 'magiclink' | 'otp';

const MAGIC_LINK_SENT = 'Check your email for a sign-in link.';

interface EmailStepProps {
  method: SignInMethod;
  onMethodChange: (method: SignInMethod) => void;
  email: string;
  onEmailChange: (email: string) => void;
  onCodeSent: (answer: TSendResponse) => void;
}

export function EmailStep({ method, onMethodChange, email, onEmailChange, onCodeSent }: EmailStepProps) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);

  const showError = (message: string, toastTitle: string) => {
    setSuccess(null);
    setError(message);
    toast({ title: toastTitle, description: message, variant: 'destructive' });
  };

  const showLinkSent = (answer: TSendResponse) => {
    const message = answer.message || MAGIC_LINK_SENT;
    setError(null);
    setSuccess(message);
    setLinkSent(true);
    toast({ title: 'Check your email', description: message, variant: 'success' });
  };

  const send = useMutation({
    mutationFn: (address: string) => (method === 'magiclink' ? sendMagicLink(address) : sendOtp(address)),
    onSuccess: (answer) => {
      if (method === 'magiclink') {
        showLinkSent(answer);
      } else {
        toast({ title: 'Code sent', description: answer.message || 'Check your email for a 6-digit code.', variant: 'success' });
        onCodeSent(answer);
      }
    },
    onError: (cause) =>
      showError(describeSignInError(cause, { answered: SIGN_IN_TEXT.sendFailed, unreachable: SIGN_IN_TEXT.sendFailedFallback }), SIGN_IN_TEXT.sendFailedToast),
  });

  const resendLink = useMutation({
    mutationFn: (address: string) => sendMagicLink(address),
    onSuccess: showLinkSent,
    onError: (cause) =>
      showError(
        describeSignInError(cause, { answered: SIGN_IN_TEXT.resendLinkFailed, unreachable: SIGN_IN_TEXT.resendLinkFailed }),
        SIGN_IN_TEXT.sendFailedToast,
      ),
  });

  const busy = send.isPending || resendLink.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateEmail(email);
    // Spec 2.4: the inline alert and the destructive toast, for a problem found here as for the server's.
    if (problem) {
      showError(problem, SIGN_IN_TEXT.sendFailedToast);
      return;
    }
    setError(null);
    send.mutate(email.trim());
  };

  const handleResendLink = () => {
    if (validateEmail(email)) {
      showError(SIGN_IN_TEXT.emailInvalidForResend, SIGN_IN_TEXT.sendFailedToast);
      return;
    }
    resendLink.mutate(email.trim());
  };

  const changeMethod = (value: string) => {
    setError(null);
    setSuccess(null);
    setLinkSent(false);
    onMethodChange(value === 'otp' ? 'otp' : 'magiclink');
  };

  const form = (hint: string, submitLabel: string) => (
    <form noValidate onSubmit={handleSubmit} className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${inputId}-${method}`}>Email address</Label>
        <Input
          id={`${inputId}-${method}`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onEmailChange(event.target.value)}
        />
        <p className="text-xs text-slate-500">{hint}</p>
      </div>
      {error && <Alert variant="destructive">{error}</Alert>}
      {success && <Alert variant="success">{success}</Alert>}
      <Button type="submit" disabled={!email || busy} className="w-full">
        {send.isPending ? 'Sending...' : submitLabel}
      </Button>
      {method === 'magiclink' && linkSent && (
        <p className="text-center text-sm text-slate-600">
          Didn't get it?{' '}
          <Button variant="link" onClick={handleResendLink} disabled={busy}>
            {resendLink.isPending ? 'Resending...' : 'Resend magic link'}
          </Button>
        </p>
      )}
    </form>
  );

  return (
    <Tabs value={method} onValueChange={changeMethod}>
      <TabsList aria-label="Sign-in method">
        <TabsTrigger value="magiclink">Magic Link</TabsTrigger>
        <TabsTrigger value="otp">Email Code</TabsTrigger>
      </TabsList>
      <TabsContent value="magiclink">{form("We'll email you a secure link that signs you in.", 'Send Magic Link')}</TabsContent>
      <TabsContent value="otp">{form("We'll email you a 6-digit code.", 'Send Code')}</TabsContent>
    </Tabs>
  );
}
