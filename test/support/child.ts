// `aviary start` as a child process, the way a user runs it (tests of crashes, clusters and the CLI):
// started from the sources with tsx on an ephemeral port, its Base URL read from the banner and its
// admin token from credentials.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { poll } from './server.js';

export type Child = { proc: ChildProcess; url: string; admin: string; dataDir: string; output: () => string };

/** Starts `aviary start --port 0 --data-dir <dataDir> --log-level warn …args` and waits for its banner. */
export async function startChild(dataDir: string, args: readonly string[] = [], timeoutMs = 60_000): Promise<Child> {
  const proc = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', '-e', `import('./src/cli/main.ts').then((m) => m.run(process.argv.slice(1)))`],
      ...['start', '--port', '0', '--data-dir', dataDir, '--log-level', 'warn', ...args],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = await poll(() => /Base URL\s+(http:\/\/\S+)/.exec(out)?.[1], { timeoutMs }).catch((err) => {
    proc.kill('SIGKILL'); // a child that never came up must not outlive the test
    throw new Error(`aviary start did not print its Base URL: ${out.slice(-2000)}`, { cause: err });
  });
  const admin = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')).admin_token as string;
  return { proc, url: url!, admin, dataDir, output: () => out };
}

/** One JSON request to a child; the answer's status and parsed body. */
export async function childCall(c: Child, method: string, path: string, auth: string, body?: unknown) {
  const res = await fetch(c.url + path, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}
