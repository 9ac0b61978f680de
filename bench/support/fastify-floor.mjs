// A plain Fastify 5 server answering one route with fixed bytes: what the framework alone costs, so
// bench:http can show how far Aviary's own work is from it (and how far Fastify is from bare node:http).
import Fastify from 'fastify';
const [port, path, body = '{}'] = process.argv.slice(2);
const app = Fastify({ logger: false });
app.get(path, async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.send?.('ready');
