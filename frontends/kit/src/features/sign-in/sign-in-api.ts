// The sign-in calls of spec 7.2 (provider segment "email", DESIGN.md 8); methods and paths from contracts.
import type { TOkResponse, TSendResponse } from '@civic/contracts/auth/http';
import { AUTH_ROUTES } from '@civic/contracts/auth/routes';
import type { Route } from '@civic/contracts/shared/route';
import { apiRequestJson } from '../../api/api-client.ts';
import { forgetRecruiterRef, rememberedRecruiterId } from './recruiter-ref.ts';

const call = <T>(operation: Route, body: unknown): Promise<T> => apiRequestJson<T>(operation.method, operation.path, body);

/** The send body: the address, and the invitation's recruiter when the visitor came by one (recruiter-ref.ts). */
function sendBody(email: string): { email: string; recruiterId?: string } {
  const recruiterId = rememberedRecruiterId();
  return recruiterId ? { email, recruiterId } : { email };
}

/** A completed sign-in has used the invitation (for a new account) or cannot (an existing one). */
async function forgettingRecruiter<T>(signedIn: Promise<T>): Promise<T> {
  const answer = await signedIn;
  forgetRecruiterRef();
  return answer;
}

export function sendMagicLink(email: string): Promise<TSendResponse> {
  return call(AUTH_ROUTES.sendMagicLink, sendBody(email));
}

export function sendOtp(email: string): Promise<TSendResponse> {
  return call(AUTH_ROUTES.sendOtp, sendBody(email));
}

export function verifyOtp(stateId: string, otp: string): Promise<TOkResponse> {
  return forgettingRecruiter(call(AUTH_ROUTES.verifyOtp, { stateId, otp }));
}

export function resendOtp(stateId: string): Promise<TSendResponse> {
  return call(AUTH_ROUTES.resendOtp, { stateId });
}

export function verifyMagicLinkToken(token: string): Promise<TOkResponse> {
  return forgettingRecruiter(call(AUTH_ROUTES.verifyToken, { token }));
}
