// The one sign-in dialog (spec 2.4). Radix unmounts the content when the dialog closes,
// so closing drops the flow's state and the next opening starts at the login step.
import { useState, useSyncExternalStore } from 'react';
import type { TSendResponse } from '@civic/contracts/auth/http';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog.tsx';
import { EmailStep, type SignInMethod } from './email-step.tsx';
import { RegistrationNotice } from './registration-notice.tsx';
import { closeSignInDialog, isSignInDialogOpen, openSignInDialog, subscribeSignInDialog } from './sign-in-dialog-store.ts';
import { SIGN_IN_TEXT } from './sign-in-messages.ts';
import { VerifyStep } from './verify-step.tsx';

type Step = { name: 'login' } | { name: 'verify'; stateId: string };

function SignInFlow() {
  const [step, setStep] = useState<Step>({ name: 'login' });
  const [method, setMethod] = useState<SignInMethod>('magiclink');
  const [email, setEmail] = useState('');

  if (step.name === 'verify') {
    return (
      <>
        <DialogTitle>Check your email</DialogTitle>
        <DialogDescription>{SIGN_IN_TEXT.audience}</DialogDescription>
        <VerifyStep
          email={email.trim()}
          stateId={step.stateId}
          onStateIdChange={(stateId) => setStep({ name: 'verify', stateId })}
          onUseDifferentEmail={() => setStep({ name: 'login' })}
          onSignedIn={closeSignInDialog}
        />
      </>
    );
  }
  return (
    <>
      <DialogTitle>Sign in to Civic Agenda</DialogTitle>
      <DialogDescription>{SIGN_IN_TEXT.audience}</DialogDescription>
      <RegistrationNotice />
      <EmailStep
        method={method}
        onMethodChange={setMethod}
        email={email}
        onEmailChange={setEmail}
        onCodeSent={(answer: TSendResponse) => setStep({ name: 'verify', stateId: answer.stateId })}
      />
    </>
  );
}

export function SignInDialog() {
  const open = useSyncExternalStore(subscribeSignInDialog, isSignInDialogOpen, isSignInDialogOpen);
  const handleOpenChange = (next: boolean) => {
    if (next) {
      openSignInDialog();
      return;
    }
    closeSignInDialog();
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <SignInFlow />
      </DialogContent>
    </Dialog>
  );
}
