// Issue 38: a magic link opened in a browser other than the one that asked for it (a phone). The link
// is not used up; the button asks for the address again rather than sending to the link's address,
// which the server keeps to itself (the link may have been forwarded or scanned).
import { Button, openSignInDialog } from '@civic/frontend-kit';

export function OtherBrowserNotice({ message }: { message: string }) {
  return (
    <section aria-labelledby="other-browser-title" className="py-20">
      <div className="mx-auto max-w-2xl px-4 text-center sm:px-6 lg:px-8">
        <h1 id="other-browser-title" className="text-3xl font-bold text-slate-900 sm:text-4xl">
          Sign-in link opened in another browser
        </h1>
        <p className="mt-4 text-lg text-slate-600">{message}</p>
        <Button size="lg" variant="accent" onClick={openSignInDialog} className="mt-8">
          Send a new link to this browser
        </Button>
      </div>
    </section>
  );
}
