// The sign-in calls of spec 7.2 (provider segment "email", DESIGN.md 8); methods and paths from contracts.
import type { TOkResponse, TSendResponse } from '@civic/contracts/http/auth';
import { AUTH_ROUTES } from '@civic/contracts/http/routes/auth';
import type { Route } from '@civic/contracts/http/route';
import { apiRequestJson } from '../../api/api-client.ts';

const call = <T>(operation: Route, body: unknown): Promise<T> => apiRequestJson<T>(operation.method, operation.path, body);

export function sendMagicLink(email: string): Promise<TSendResponse> {
  return call(AUTH_ROUTES.sendMagicLink, { email });
}

export function sendOtp(email: string): Promise<TSendResponse> {
  return call(AUTH_ROUTES.sendOtp, { email });
}

export function verifyOtp(stateId: string, otp: string): Promise<TOkResponse> {
  return call(AUTH_ROUTES.verifyOtp, { stateId, otp });
}

export function resendOtp(stateId: string): Promise<TSendResponse> {
  return call(AUTH_ROUTES.resendOtp, { stateId });
}

export function verifyMagicLinkToken(token: string): Promise<TOkResponse> {
  return call(AUTH_ROUTES.verifyToken, { token });
}
