// GET /2/openapi.json: the OpenAPI document this server implements, served as the real service serves
// it (https://api.x.com/2/openapi.json, no authentication). The file ships in the repository (spec/).
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { JSON_UTF8 } from '../../http/wire.js';

/** From src/modules/openapi/ and from dist/modules/openapi/ alike. */
const SPEC_FILE = new URL('../../../spec/x-api-v2-openapi.json', import.meta.url);

export function openapiRoutes(app: FastifyInstance) {
  let bytes: Promise<Buffer> | null = null;
  app.get('/2/openapi.json', async (_req, reply) => {
    bytes ??= readFile(SPEC_FILE);
    return reply.type(JSON_UTF8).send(await bytes);
  });
}
