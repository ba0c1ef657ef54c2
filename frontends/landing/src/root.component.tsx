import { AreaRoot, KitProviders, rememberRecruiterRef, SiteFooter } from '@civic/frontend-kit';
import { useEffect } from 'react';
import { useAuthCallback } from './features/auth-callback/use-auth-callback.ts';
import { SignUpSection } from './features/call-to-action/sign-up-section.tsx';
import { FeatureCards } from './features/feature-cards/feature-cards.tsx';
import { LandingHeader } from './features/header/landing-header.tsx';
import { OtherBrowserNotice } from './features/other-browser/other-browser-notice.tsx';
import { HeroSection } from './features/hero/hero-section.tsx';
import { StatisticsStrip } from './features/statistics/statistics-strip.tsx';
import './styles.css';

const FEATURES_SECTION_ID = 'features';

function LandingPage() {
  const { otherBrowser } = useAuthCallback();
  // An invitation link (`/?ref={userId}`, issue 18): kept for the sign-in that may follow.
  useEffect(() => {
    rememberRecruiterRef(window.location.search);
  }, []);
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <LandingHeader />
      <main className="flex-1">
        {otherBrowser !== null ? (
          <OtherBrowserNotice message={otherBrowser} />
        ) : (
          <>
            <HeroSection featuresSectionId={FEATURES_SECTION_ID} />
            <FeatureCards id={FEATURES_SECTION_ID} />
            <StatisticsStrip />
            <SignUpSection />
          </>
        )}
      </main>
      <SiteFooter tagline="Empowering verified US citizens to set the national agenda together." />
    </div>
  );
}

export default function LandingRoot() {
  return (
    <KitProviders>
      <AreaRoot name="landing">
        <LandingPage />
      </AreaRoot>
    </KitProviders>
  );
}
