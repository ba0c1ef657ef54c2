// Method and path of each auth operation (contracts/src/auth/http.ts adds the schemas). Zod-free, so
// the kit, which every page loads, takes its paths from here (docs/frontend-weight.md).
import type { Route } from '../shared/route.ts';

/** The fixed provider path segment of spec 7.2. */
export const AUTH_PROVIDER = 'email';

export const AUTH_ROUTES = {
  csrfToken: { method: 'GET', path: '/api/csrf-token' },
  currentUser: { method: 'GET', path: '/api/auth/user' },
  sendMagicLink: { method: 'POST', path: `/api/auth/${AUTH_PROVIDER}/send-magic-link` },
  sendOtp: { method: 'POST', path: `/api/auth/${AUTH_PROVIDER}/send-otp` },
  resendOtp: { method: 'POST', path: `/api/auth/${AUTH_PROVIDER}/resend-otp` },
  verifyOtp: { method: 'POST', path: `/api/auth/${AUTH_PROVIDER}/verify-otp` },
  verifyToken: { method: 'POST', path: `/api/auth/${AUTH_PROVIDER}/verify-token` },
  logout: { method: 'POST', path: '/api/auth/logout' },
} as const satisfies Record<string, Route>;
