// Response bodies checked against the OpenAPI document (spec/x-api-v2-openapi.json):
// the schema of (method, path template, status) is compiled with every `$ref` resolved against the
// whole document; unknown formats (int32, binary…) are allowed. `specRecorder()` checks every 2xx
// JSON answer of a test server as it is sent, SDK traffic included.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/** The document shipped in the repository (spec/README.md names its source and version). */
const SPEC_FILE = fileURLToPath(new URL('../../spec/x-api-v2-openapi.json', import.meta.url));

type Spec = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
};
let spec: Spec | null = null;
// ajv-formats is CommonJS with a default export; under NodeNext it sits on `.default`.
const addFormats = (formatsModule as unknown as { default: (a: Ajv) => Ajv }).default;
type AjvInstance = Ajv;
let ajv: AjvInstance | null = null;
const compiled = new Map<string, ValidateFunction | null>();

/**
 * Known defects of the published document, each relaxed on purpose: the media upload responses
 * declare `meta` required but have no such property, and the real service sends none.
 */
const RELAX: Record<string, (schema: Record<string, unknown>) => Record<string, unknown>> = {
  MediaUploadResponse: (s) => ({ ...s, required: [] }),
  MediaUploadAppendResponse: (s) => ({ ...s, required: [] }),
  // Note requires `note_info`, a property it does not define: it defines `info`, the name note.fields uses.
  Note: (s) => ({ ...s, required: ['id', 'post_id'] }),
};

function load(): { spec: Spec; ajv: AjvInstance } {
  if (!spec || !ajv) {
    spec = JSON.parse(readFileSync(SPEC_FILE, 'utf8')) as Spec;
    const schemas = (spec as unknown as { components: { schemas: Record<string, Record<string, unknown>> } }).components
      .schemas;
    for (const [name, relax] of Object.entries(RELAX)) if (schemas[name]) schemas[name] = relax(schemas[name]);
    ajv = new Ajv({ strict: false, allErrors: true, logger: false, validateFormats: true });
    addFormats(ajv);
    for (const f of ['int32', 'int64', 'double', 'float', 'binary', 'byte', 'password']) ajv.addFormat(f, true);
    ajv.addSchema(spec as object, 'spec');
  }
  return { spec, ajv };
}

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function validatorFor(method: string, template: string, status: number): ValidateFunction | null {
  const key = `${method} ${template} ${status}`;
  if (compiled.has(key)) return compiled.get(key)!;
  const { spec, ajv } = load();
  const op = spec.paths[template]?.[method.toLowerCase()];
  const responses = op?.responses ?? {};
  const code = responses[String(status)]
    ? String(status)
    : responses[`${String(status)[0]}XX`]
      ? `${String(status)[0]}XX`
      : null;
  const content = code ? responses[code]?.content : undefined;
  const type = content ? Object.keys(content).find((t) => t.includes('json')) : undefined;
  const v = type
    ? ajv.compile({
        $ref: `spec#/paths/${pointer(template)}/${method.toLowerCase()}/responses/${code}/content/${pointer(type)}/schema`,
      })
    : null;
  compiled.set(key, v);
  return v;
}

/** Whether the document describes this operation at all (some Aviary paths are not in it). */
export function specHas(method: string, template: string): boolean {
  return Boolean(load().spec.paths[template]?.[method.toLowerCase()]);
}

/** Throws with every violation when `body` does not match the documented response schema. */
export function assertMatchesSpec(method: string, template: string, status: number, body: unknown): void {
  if (!specHas(method, template)) throw new Error(`${method} ${template} is not in the OpenAPI document`);
  const v = validatorFor(method, template, status);
  if (!v) throw new Error(`${method} ${template} documents no JSON response for status ${status}`);
  if (!v(body)) {
    const detail = (v.errors ?? [])
      .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`)
      .join('; ');
    throw new Error(
      `${method} ${template} ${status} does not match the spec: ${detail}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

export type SpecRecorder = { checked: number; violations: string[]; install(app: FastifyInstance): void };

/** An onSend hook validating every 2xx JSON answer of a documented /2/ route. */
export function specRecorder(): SpecRecorder {
  // Loaded now, so a missing or broken document fails the suite's start with its own error.
  load();
  const rec: SpecRecorder = {
    checked: 0,
    violations: [],
    install(app) {
      app.addHook('onSend', async (req, reply, payload) => {
        const url = req.routeOptions.url;
        // Hot routes send ready JSON bytes (shared/json.ts), the rest strings.
        const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
        if (!url || !url.startsWith('/2/') || reply.statusCode >= 300 || typeof text !== 'string' || !text)
          return payload;
        const template = url.replace(/:(\w+)/g, '{$1}');
        try {
          if (!specHas(req.method, template)) return payload;
          assertMatchesSpec(req.method, template, reply.statusCode, JSON.parse(text));
          rec.checked++;
        } catch (err) {
          rec.violations.push((err as Error).message);
        }
        return payload;
      });
    },
  };
  return rec;
}
