// Cookie names and attributes. Outside local development the __Host- prefix pins cookies to the
// exact origin (Secure, Path=/, no Domain).
import { isSecureOrigin, type PlatformConfig } from '../config.ts';

export interface CookieNames {
  session: string;
  preSession: string;
}

export function cookieNames(config: Pick<PlatformConfig, 'PUBLIC_ORIGIN'>): CookieNames {
  const secure = isSecureOrigin(config);
  return { session: secure ? '__Host-sid' : 'sid', preSession: secure ? '__Host-pre' : 'pre' };
}

export function cookieOptions(config: Pick<PlatformConfig, 'PUBLIC_ORIGIN'>, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecureOrigin(config),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** What a CSRF token is bound to: the session cookie when there is one, else the pre-session cookie. */
export function csrfBinding(cookies: Record<string, string | undefined>, names: CookieNames): string | undefined {
  return cookies[names.session] || cookies[names.preSession] || undefined;
}
