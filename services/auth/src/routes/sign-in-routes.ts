// POST /api/auth/email/{send-magic-link, send-otp, resend-otp, verify-otp, verify-token} (spec 7.2).
import { AUTH_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { clientNetworkOf, cookieNames, cookieOptions, typed } from '@civic/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../context.ts';
import { MissingPreSession } from '../errors.ts';
import { SESSION_MAX_AGE_SECONDS, startSession } from '../sessions/sessions.ts';
import type { SignedInUser } from '../sign-in/complete-sign-in.ts';
import { issueKnownDevice, KNOWN_DEVICE_MAX_AGE_SECONDS, knownDeviceCookieName } from '../sign-in/known-device.ts';
import { requestSignIn } from '../sign-in/request-sign-in.ts';
import { resendCode } from '../sign-in/resend-code.ts';
import { verifyCode, verifyLinkToken } from '../sign-in/verify-sign-in.ts';

export async function signInRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  const names = cookieNames(ctx.platform.config);
  const deviceCookie = knownDeviceCookieName(ctx.platform.config);
  const r = typed(app);

  const browserOf = (request: FastifyRequest): string => {
    const id = request.cookies[names.preSession];
    if (!id) throw new MissingPreSession();
    return id;
  };

  const logResult = (request: FastifyRequest, event: string, fields: object) => request.log.info({ event, requestId: request.id, ...fields }, event);

  /** Starts the session after the verification committed, and sets the cookie. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, user: SignedInUser) => {
    const sessionId = await startSession(ctx, user, request.cookies[names.session]);
    reply.setCookie(names.session, sessionId, cookieOptions(ctx.platform.config, SESSION_MAX_AGE_SECONDS));
    // This browser is now a known device of the account: the address-wide sign-in limits leave it out.
    const device = issueKnownDevice(ctx.deviceKey, user.id, ctx.platform.clock.now());
    reply.setCookie(deviceCookie, device, cookieOptions(ctx.platform.config, KNOWN_DEVICE_MAX_AGE_SECONDS));
    logResult(request, 'sign_in_succeeded', { userId: user.id, registered: user.registered });
    return { success: true as const };
  };

  /** Logs a refused verification (never the code or token, SECURITY 28) and rethrows it. */
  const failed = (request: FastifyRequest, method: string) => (error: Error & { code?: string }) => {
    logResult(request, 'sign_in_failed', { method, reason: error.code ?? error.name });
    throw error;
  };

  // The two ways to ask for a sign-in mail differ only in what the mail carries and what the answer says.
  const sendRoutes = [
    { operation: ops.sendMagicLink, method: 'magic_link', message: 'Check your email for a sign-in link.' },
    { operation: ops.sendOtp, method: 'otp', message: 'Check your email for a 6-digit code.' },
  ] as const;
  for (const { operation, method, message } of sendRoutes) {
    r.post(fastifyPath(operation), { schema: routeSchema(operation) }, async (request) => {
      const { stateId } = await requestSignIn(ctx, {
        email: request.body.email,
        method,
        browserId: browserOf(request),
        deviceCookie: request.cookies[deviceCookie],
        network: clientNetworkOf(request.identity.ip),
        recruiterId: request.body.recruiterId,
      });
      return { stateId, message };
    });
  }

  r.post(fastifyPath(ops.resendOtp), { schema: routeSchema(ops.resendOtp) }, async (request) => {
    const { stateId } = await resendCode(ctx, { stateId: request.body.stateId, browserId: browserOf(request), network: clientNetworkOf(request.identity.ip) });
    return { stateId, message: 'A new code has been sent.' };
  });

  r.post(fastifyPath(ops.verifyOtp), { schema: routeSchema(ops.verifyOtp) }, async (request, reply) => {
    // browserOf inside the chain: a missing pre-session cookie is a logged failure too.
    const user = await Promise.resolve()
      .then(() => verifyCode(ctx, { ...request.body, browserId: browserOf(request) }))
      .catch(failed(request, 'otp'));
    return signIn(request, reply, user);
  });

  r.post(fastifyPath(ops.verifyToken), { schema: routeSchema(ops.verifyToken) }, async (request, reply) => {
    const user = await Promise.resolve()
      .then(() => verifyLinkToken(ctx, { token: request.body.token, browserId: browserOf(request) }))
      .catch(failed(request, 'magic_link'));
    return signIn(request, reply, user);
  });
}
