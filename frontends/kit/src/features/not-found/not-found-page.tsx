// Spec 2.1 not-found fallback.
import { AlertCircle } from 'lucide-react';
import { AppLink } from '../navigation/app-link.tsx';

export const NOT_FOUND_TITLE = '404 Page Not Found';

export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <AlertCircle className="size-8 text-red-500" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">{NOT_FOUND_TITLE}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">The page you are looking for does not exist or has moved.</p>
        <AppLink href="/" className="mt-6 inline-block text-sm font-medium text-primary hover:underline">
          Go to the home page
        </AppLink>
      </div>
    </div>
  );
}
