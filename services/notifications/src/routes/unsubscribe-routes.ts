// The one public path of the notifications service: a mail's unsubscribe link (NOTIFICATIONS_OPERATIONS).
// GET shows a page with one button and changes nothing; POST turns the switch off (the button, or a
// mail client's RFC 8058 `List-Unsubscribe=One-Click`, form-encoded). A browser (Accept: text/html)
// gets pages, errors included; anything else gets JSON. No session and no CSRF token: the signed
// link is the authority (the gateway exempts this path from its CSRF check, route-table.ts).
import { fastifyPath, NOTIFICATIONS_OPERATIONS as ops, routeSchema } from '@civic/contracts';
import { typed } from '@civic/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NotificationsContext } from '../context.ts';
import { describeUnsubscribeLink, useUnsubscribeLink } from '../unsubscribe/use-unsubscribe-link.ts';
import { renderUnsubscribePage } from '../unsubscribe/unsubscribe-page.ts';

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** The error's message and status, as a page, for a browser; rethrown (the kit's JSON error) otherwise. */
function pageOnError(ctx: NotificationsContext, request: FastifyRequest, reply: FastifyReply, error: unknown): string {
  const status = (error as { statusCode?: number }).statusCode;
  if (!wantsHtml(request) || status === undefined || status >= 500) throw error;
  void reply.code(status).type('text/html; charset=utf-8');
  return renderUnsubscribePage({ title: 'Unsubscribe', message: (error as Error).message }, ctx.platform.config.PUBLIC_ORIGIN);
}

export async function unsubscribeRoutes(app: FastifyInstance, { ctx }: { ctx: NotificationsContext }) {
  // RFC 8058's body is `List-Unsubscribe=One-Click`, form-encoded or (as the RFC recommends)
  // multipart/form-data. The token in the query is the authority, so the body is only accepted, never
  // relied on: a multipart body is read as text and dropped. Only this plugin's routes see them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  const r = typed(app);
  r.get(fastifyPath(ops.unsubscribePage), { schema: routeSchema(ops.unsubscribePage) }, async (request, reply) => {
    try {
      const answer = await describeUnsubscribeLink(ctx, request.query.token);
      if (!wantsHtml(request)) return answer;
      void reply.type('text/html; charset=utf-8');
      return renderUnsubscribePage({ title: 'Unsubscribe', message: answer.message, action: request.url }, ctx.platform.config.PUBLIC_ORIGIN);
    } catch (error) {
      return pageOnError(ctx, request, reply, error);
    }
  });
  r.post(fastifyPath(ops.unsubscribe), { schema: routeSchema(ops.unsubscribe) }, async (request, reply) => {
    try {
      const answer = await useUnsubscribeLink(ctx, request.query.token);
      if (!wantsHtml(request)) return answer;
      void reply.type('text/html; charset=utf-8');
      return renderUnsubscribePage({ title: 'Unsubscribed', message: answer.message }, ctx.platform.config.PUBLIC_ORIGIN);
    } catch (error) {
      return pageOnError(ctx, request, reply, error);
    }
  });
}
