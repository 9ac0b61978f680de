// The head of a streaming response, which a stream writes itself once it has taken the reply over from
// Fastify: the stream's own headers, with what the edge had set on the reply (the rate-limit headers of
// limits/limits.hook.ts), as Fastify would have sent them.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

export function streamHead(reply: FastifyReply, contentType: string): OutgoingHttpHeaders {
  return {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': contentType,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  };
}
