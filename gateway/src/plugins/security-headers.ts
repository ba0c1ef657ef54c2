// Headers on every response (SECURITY 27): a strict CSP, nosniff, no referrer (magic-link tokens
// live in the address), HSTS outside local development, and the rest of helmet's defaults.
// The set never varies by request, so it is built once and applied as one object, not per response
// as @fastify/helmet does (docs/architecture.md).
import type { FastifyInstance } from 'fastify';

/** `scriptOrigins`: where micro-frontends deployed on their own are loaded from (REMOTE_URL_<AREA>). */
export const contentSecurityPolicy = (scriptOrigins: readonly string[] = []) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptOrigins].join(' '),
    // 'unsafe-inline' for styles only, and why (docs/security.md, item 7): style-loader carries each
    // remote's stylesheet in its code as a <style> element (a remote deploys without the shell), and
    // Radix's dialogs lock scrolling with a <style> element (react-style-singleton). Scripts stay 'self'.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export function securityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function installSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
