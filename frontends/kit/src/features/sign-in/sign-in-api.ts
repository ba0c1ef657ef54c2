// The sign-in calls of spec 7.2 (provider segment "email", DESIGN.md 8).
import type { TOkResponse, TSendResponse } from '@civic/contracts/http/auth';
import { apiRequestJson } from '../../api/api-client.ts';

const AUTH_BASE = '/api/auth/email';

export function sendMagicLink(email: string): Promise<TSendResponse> {
  return apiRequestJson('POST', `${AUTH_BASE}/send-magic-link`, { email });
}

export function sendOtp(email: string): Promise<TSendResponse> {
  return apiRequestJson('POST', `${AUTH_BASE}/send-otp`, { email });
}

export function verifyOtp(stateId: string, otp: string): Promise<TOkResponse> {
  return apiRequestJson('POST', `${AUTH_BASE}/verify-otp`, { stateId, otp });
}

export function resendOtp(stateId: string): Promise<TSendResponse> {
  return apiRequestJson('POST', `${AUTH_BASE}/resend-otp`, { stateId });
}

export function verifyMagicLinkToken(token: string): Promise<TOkResponse> {
  return apiRequestJson('POST', `${AUTH_BASE}/verify-token`, { token });
}
