import { CIVILITY_NOTICE } from './footer-links.ts';
import { SiteFooter } from './site-footer.tsx';

/** The signed-in footer (spec 2.2). */
export function ChromeFooter() {
  return <SiteFooter tagline={CIVILITY_NOTICE} />;
}
