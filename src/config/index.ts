// The only reader of process.env. CLI flags win over environment variables, which win over defaults.
import { resolve } from 'node:path';

export type Config = Readonly<{
  host: string;
  port: number;
  dataDir: string;
  /** postgres://… for PostgreSQL; null for the embedded SQLite file in dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (created when missing); tests give each file its own. */
  databaseSchema: string | null;
  tls: boolean;
  /** Fixed admin token, or null to use the one generated once and kept in the store. */
  adminToken: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Largest accepted request body for JSON and form requests. */
  bodyLimit: number;
  /** Seed the demo dataset into an empty store at start. */
  seedDemo: boolean;
  /** Print the start banner. */
  banner: boolean;
  /** Enforce the real webhook URL rules (https, no port, public address); off allows local receivers. */
  strictWebhooks: boolean;
  /** How long a webhook has to answer a CRC check or a delivery (the real service allows 10 s). */
  webhookTimeoutMs: number;
  /**
   * Delays before each delivery retry, comma-separated durations (`10s,1m,3m`); after the last, the event is kept for
   * replay.
   */
  webhookRetrySchedule: string;
  /** Name of the delivery signature header. */
  webhookSignatureHeader: string;
  /** PEM file of extra certificate authorities trusted for https webhook URLs (local receivers with their own CA). */
  webhookCaFile: string | null;
  /** Filtered stream: milliseconds between bare `\r\n` keep-alives (the real service sends one at least every 20 s). */
  streamKeepAliveMs: number;
  /** Filtered stream rules per project and characters per rule on self-serve tiers (free, basic, pro, pay-per-use). */
  streamRuleCap: number;
  streamRuleLength: number;
  /** The same on the enterprise tier. */
  streamRuleCapEnterprise: number;
  streamRuleLengthEnterprise: number;
  /** Simultaneous filtered-stream connections per app: self-serve, enterprise (redundant connections). */
  streamConnections: number;
  streamConnectionsEnterprise: number;
  /** Bytes a stream connection may have waiting to be sent before it is dropped as a `SlowReader`. */
  streamBufferBytes: number;
  /** This node's name among the processes sharing one PostgreSQL database (health, logs); default host-worker id. */
  nodeName: string | null;
  /** `real` enforces the real service's rate limits (src/limits); `off` sends no limit headers and no 429. */
  rateLimits: 'real' | 'off';
  /** Entries the request journal keeps (a ring: the oldest go first); 0 turns the journal off. */
  journalSize: number;
  /** Also journal request and response bodies (secrets masked). */
  journalBodies: boolean;
  /**
   * Searches and counts answered at once by this process; one more answers 503 (seed: "search may return 503 under
   * load"). 0: no limit.
   */
  searchConcurrency: number;
}>;

export type ConfigInput = Partial<{ -readonly [K in keyof Config]: Config[K] }>;

type FlagSpec = { key: keyof Config; kind: 'string' | 'number' | 'boolean'; env?: string };

/** The public contract of `aviary start`: flag → config key → environment variable. */
export const FLAGS: Record<string, FlagSpec> = {
  '--host': { key: 'host', kind: 'string', env: 'AVIARY_HOST' },
  '--port': { key: 'port', kind: 'number', env: 'AVIARY_PORT' },
  '--data-dir': { key: 'dataDir', kind: 'string', env: 'AVIARY_DATA_DIR' },
  '--database-url': { key: 'databaseUrl', kind: 'string', env: 'AVIARY_DATABASE_URL' },
  '--database-schema': { key: 'databaseSchema', kind: 'string', env: 'AVIARY_DATABASE_SCHEMA' },
  '--tls': { key: 'tls', kind: 'boolean', env: 'AVIARY_TLS' },
  '--admin-token': { key: 'adminToken', kind: 'string', env: 'AVIARY_ADMIN_TOKEN' },
  '--log-level': { key: 'logLevel', kind: 'string', env: 'AVIARY_LOG_LEVEL' },
  '--body-limit': { key: 'bodyLimit', kind: 'number', env: 'AVIARY_BODY_LIMIT' },
  '--seed-demo': { key: 'seedDemo', kind: 'boolean', env: 'AVIARY_SEED_DEMO' },
  '--banner': { key: 'banner', kind: 'boolean' },
  '--strict-webhooks': { key: 'strictWebhooks', kind: 'boolean', env: 'AVIARY_STRICT_WEBHOOKS' },
  '--webhook-timeout-ms': { key: 'webhookTimeoutMs', kind: 'number', env: 'AVIARY_WEBHOOK_TIMEOUT_MS' },
  '--webhook-retry-schedule': { key: 'webhookRetrySchedule', kind: 'string', env: 'AVIARY_WEBHOOK_RETRY_SCHEDULE' },
  '--webhook-signature-header': {
    key: 'webhookSignatureHeader',
    kind: 'string',
    env: 'AVIARY_WEBHOOK_SIGNATURE_HEADER',
  },
  '--webhook-ca-file': { key: 'webhookCaFile', kind: 'string', env: 'AVIARY_WEBHOOK_CA_FILE' },
  '--stream-keep-alive-ms': { key: 'streamKeepAliveMs', kind: 'number', env: 'AVIARY_STREAM_KEEP_ALIVE_MS' },
  '--stream-rule-cap': { key: 'streamRuleCap', kind: 'number', env: 'AVIARY_STREAM_RULE_CAP' },
  '--stream-rule-length': { key: 'streamRuleLength', kind: 'number', env: 'AVIARY_STREAM_RULE_LENGTH' },
  '--stream-rule-cap-enterprise': {
    key: 'streamRuleCapEnterprise',
    kind: 'number',
    env: 'AVIARY_STREAM_RULE_CAP_ENTERPRISE',
  },
  '--stream-rule-length-enterprise': {
    key: 'streamRuleLengthEnterprise',
    kind: 'number',
    env: 'AVIARY_STREAM_RULE_LENGTH_ENTERPRISE',
  },
  '--stream-connections': { key: 'streamConnections', kind: 'number', env: 'AVIARY_STREAM_CONNECTIONS' },
  '--stream-connections-enterprise': {
    key: 'streamConnectionsEnterprise',
    kind: 'number',
    env: 'AVIARY_STREAM_CONNECTIONS_ENTERPRISE',
  },
  '--stream-buffer-bytes': { key: 'streamBufferBytes', kind: 'number', env: 'AVIARY_STREAM_BUFFER_BYTES' },
  '--node-name': { key: 'nodeName', kind: 'string', env: 'AVIARY_NODE_NAME' },
  '--rate-limits': { key: 'rateLimits', kind: 'string', env: 'AVIARY_RATE_LIMITS' },
  '--journal-size': { key: 'journalSize', kind: 'number', env: 'AVIARY_JOURNAL_SIZE' },
  '--journal-bodies': { key: 'journalBodies', kind: 'boolean', env: 'AVIARY_JOURNAL_BODIES' },
  '--search-concurrency': { key: 'searchConcurrency', kind: 'number', env: 'AVIARY_SEARCH_CONCURRENCY' },
};

const DEFAULTS: Config = {
  host: '127.0.0.1',
  port: 8080,
  dataDir: '.aviary',
  databaseUrl: null,
  databaseSchema: null,
  tls: false,
  adminToken: null,
  logLevel: 'info',
  bodyLimit: 5 * 1024 * 1024,
  seedDemo: true,
  banner: true,
  strictWebhooks: false,
  webhookTimeoutMs: 10_000,
  // The enterprise Account Activity API retries a failed event three times over five minutes
  // (developer.x.com …/account-activity-api/guides/activity-retries).
  webhookRetrySchedule: '10s,1m,3m',
  webhookSignatureHeader: 'x-twitter-webhooks-signature',
  webhookCaFile: null,
  streamKeepAliveMs: 20_000,
  // DOCS filtered-stream introduction (notes §4.2): pay-per-use 1,000 rules of 1,024 characters and
  // one connection; enterprise 25,000 rules of 2,048 characters and up to two redundant connections
  // (DOCS fundamentals/recovery-and-redundancy).
  streamRuleCap: 1_000,
  streamRuleLength: 1_024,
  streamRuleCapEnterprise: 25_000,
  streamRuleLengthEnterprise: 2_048,
  streamConnections: 1,
  streamConnectionsEnterprise: 2,
  streamBufferBytes: 4 * 1024 * 1024,
  nodeName: null,
  rateLimits: 'real',
  journalSize: 10_000,
  journalBodies: false,
  searchConcurrency: 64,
};

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export class ConfigError extends Error {}

function coerce(spec: FlagSpec, raw: string, from: string): unknown {
  if (spec.kind === 'number') {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${from} must be a non-negative integer, got "${raw}"`);
    return n;
  }
  if (spec.kind === 'boolean') {
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    throw new ConfigError(`${from} must be true or false, got "${raw}"`);
  }
  return raw;
}

/** Parses `--flag value`, `--flag=value`, `--flag` (booleans) and `--no-flag`. Returns leftovers. */
export function parseFlags(argv: string[]): { values: ConfigInput; rest: string[] } {
  const values: Record<string, unknown> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      rest.push(arg);
      continue;
    }
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const negated = name.startsWith('--no-') ? FLAGS['--' + name.slice(5)] : undefined;
    if (negated?.kind === 'boolean') {
      values[negated.key] = false;
      continue;
    }
    const spec = FLAGS[name];
    if (!spec) {
      rest.push(arg);
      continue;
    }
    if (
      spec.kind === 'boolean' &&
      inline === undefined &&
      (argv[i + 1] === undefined || argv[i + 1]!.startsWith('--'))
    ) {
      values[spec.key] = true;
      continue;
    }
    const raw = inline ?? argv[++i];
    if (raw === undefined) throw new ConfigError(`${name} needs a value`);
    values[spec.key] = coerce(spec, raw, name);
  }
  return { values: values as ConfigInput, rest };
}

export function fromEnv(env: NodeJS.ProcessEnv = process.env): ConfigInput {
  const values: Record<string, unknown> = {};
  for (const spec of Object.values(FLAGS)) {
    const raw = spec.env ? env[spec.env] : undefined;
    if (raw !== undefined && raw !== '') values[spec.key] = coerce(spec, raw, spec.env!);
  }
  return values as ConfigInput;
}

export function buildConfig(...layers: ConfigInput[]): Config {
  const merged = Object.assign({}, DEFAULTS, ...layers) as { -readonly [K in keyof Config]: Config[K] };
  if (!LOG_LEVELS.has(merged.logLevel)) throw new ConfigError(`log level must be one of ${[...LOG_LEVELS].join(', ')}`);
  if (merged.port > 65535) throw new ConfigError('port must be at most 65535');
  if (merged.databaseUrl && !/^postgres(ql)?:\/\//.test(merged.databaseUrl)) {
    throw new ConfigError('database url must start with postgres:// (leave it unset for the embedded SQLite store)');
  }
  if (merged.databaseSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(merged.databaseSchema)) {
    throw new ConfigError('database schema must be a lower-case SQL identifier');
  }
  if (parseDurations(merged.webhookRetrySchedule) === null) {
    throw new ConfigError(
      'webhook retry schedule must be comma-separated durations such as 10s,1m,3m (units ms, s, m, h; may be empty)',
    );
  }
  if (!/^[a-z0-9-]+$/i.test(merged.webhookSignatureHeader))
    throw new ConfigError('webhook signature header must be a header name');
  if (merged.webhookTimeoutMs < 1) throw new ConfigError('webhook timeout must be at least 1 ms');
  if (merged.rateLimits !== 'real' && merged.rateLimits !== 'off')
    throw new ConfigError('rate limits must be real or off');
  if (merged.streamKeepAliveMs < 1) throw new ConfigError('stream keep-alive interval must be at least 1 ms');
  merged.dataDir = resolve(merged.dataDir);
  return Object.freeze(merged);
}

/** `10s,1m,250ms` → milliseconds; null when malformed. A bare number is milliseconds. */
export function parseDurations(text: string): number[] | null {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, '': 1 };
  const out: number[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|)$/.exec(part);
    if (!m) return null;
    out.push(Math.round(Number(m[1]) * units[m[2]!]!));
  }
  return out;
}

/** Config for a process: defaults ← environment ← flags. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): { config: Config; rest: string[] } {
  const { values, rest } = parseFlags(argv);
  return { config: buildConfig(fromEnv(env), values), rest };
}

/** Test-only settings read from the environment (kept here: nothing else reads process.env). */
export function testEnv(env: NodeJS.ProcessEnv = process.env) {
  return { databaseUrl: env.AVIARY_TEST_DATABASE_URL || null };
}
