import { Button, openSignInDialog, RegistrationNotice } from '@civic/frontend-kit';

export function HeroSection({ featuresSectionId }: { featuresSectionId: string }) {
  // Scrolling instead of a #hash link keeps the address at `/` (no re-route, no history entry).
  const showFeatures = () => document.getElementById(featuresSectionId)?.scrollIntoView({ behavior: 'smooth' });
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-br from-primary via-blue-800 to-primary-dark text-white">
      <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-6xl">
          Shape America's Future
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-blue-100 sm:text-xl">
          Join verified US citizens in setting the national agenda. Vote on the issues that matter, earn political capital for your engagement, and make your
          voice heard.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Button size="lg" variant="accent" onClick={openSignInDialog} className="w-full sm:w-auto">
            Get Started
          </Button>
          <Button size="lg" variant="outline" onClick={showFeatures} className="w-full border-white bg-transparent text-white hover:bg-white/10 sm:w-auto">
            Learn More
          </Button>
        </div>
        <RegistrationNotice className="mx-auto mt-6 max-w-xl" />
      </div>
    </section>
  );
}
