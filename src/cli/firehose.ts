// `aviary firehose --rate N [--duration S] [--url U --admin-token T]`: starts the synthetic post
// generator of a running server through its control API (POST /_aviary/firehose), then prints its
// progress each second until the run ends. Without --url/--admin-token it reads the server's
// `<data-dir>/credentials.json` (written by `aviary start`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/index.js';

/** `--name V` or `--name=V`, removed from argv. */
function take(argv: string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const [flag] = argv.splice(i, 1);
  return flag!.includes('=') ? flag!.slice(flag!.indexOf('=') + 1) : argv.splice(i, 1)[0];
}

function positive(name: string, raw: string | undefined, fallback?: number): number {
  if (raw === undefined && fallback !== undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

function target(argv: string[]): { url: string; token: string } {
  const url = take(argv, '--url');
  const token = take(argv, '--admin-token');
  if (url && token) return { url, token };
  const { config } = loadConfig(argv);
  const file = join(config.dataDir, 'credentials.json');
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as { base_url: string; admin_token: string };
    return { url: url ?? c.base_url, token: token ?? c.admin_token };
  } catch {
    throw new ConfigError(`no running server found: pass --url and --admin-token, or start one (${file})`);
  }
}

export async function firehose(argv: string[]): Promise<void> {
  const args = [...argv];
  const rate = positive('--rate', take(args, '--rate'));
  const duration = positive('--duration', take(args, '--duration'), 60);
  const { url, token } = target(args);
  const call = async (method: string, body?: unknown) => {
    const res = await fetch(`${url}/_aviary/firehose`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data?: Record<string, unknown> };
    if (!res.ok) throw new ConfigError(`${method} /_aviary/firehose: ${res.status} ${JSON.stringify(json)}`);
    return json.data!;
  };
  await call('POST', { rate, duration });
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const s = await call('GET');
    process.stdout.write(`${JSON.stringify(s)}\n`);
    if (!s.running) return;
  }
}
