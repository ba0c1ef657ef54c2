// The sign-in calls of spec 7.2 (provider segment "email", DESIGN.md 8); methods and paths from contracts.
import { AUTH_OPERATIONS, type TOkResponse, type TSendResponse } from '@civic/contracts/http/auth';
import type { Operation } from '@civic/contracts/http/operation';
import { apiRequestJson } from '../../api/api-client.ts';

const call = <T>(operation: Operation, body: unknown): Promise<T> => apiRequestJson<T>(operation.method, operation.path, body);

export function sendMagicLink(email: string): Promise<TSendResponse> {
  return call(AUTH_OPERATIONS.sendMagicLink, { email });
}

export function sendOtp(email: string): Promise<TSendResponse> {
  return call(AUTH_OPERATIONS.sendOtp, { email });
}

export function verifyOtp(stateId: string, otp: string): Promise<TOkResponse> {
  return call(AUTH_OPERATIONS.verifyOtp, { stateId, otp });
}

export function resendOtp(stateId: string): Promise<TSendResponse> {
  return call(AUTH_OPERATIONS.resendOtp, { stateId });
}

export function verifyMagicLinkToken(token: string): Promise<TOkResponse> {
  return call(AUTH_OPERATIONS.verifyToken, { token });
}
