import { Button, openSignInDialog } from '@civic/frontend-kit';

export function SignUpSection() {
  return (
    <section aria-labelledby="sign-up-title" className="py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="sign-up-title" className="text-3xl font-bold text-slate-900 sm:text-4xl">
          Ready to make your voice heard?
        </h2>
        <p className="mt-4 text-lg text-slate-600">Join thousands of citizens who are setting the national agenda, one priority at a time.</p>
        <Button size="lg" variant="accent" onClick={openSignInDialog} className="mt-8">
          Sign Up Now
        </Button>
      </div>
    </section>
  );
}
