// Starts a built Aviary in its own process (as a user would) and waits for it to answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Spawned = { url: string; proc: ChildProcess; dataDir: string; startupMs: number; creds: any; stop(): Promise<void> };

/** `dataDir` reuses a prepared store (a seeded dataset); by default a fresh temporary one. */
export async function spawnAviary(port: number, extra: string[] = [], dataDir = mkdtempSync(join(tmpdir(), 'aviary-bench-'))): Promise<Spawned> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['bin/aviary.js', 'start', '--port', String(port), '--data-dir', dataDir, '--log-level', process.env.BENCH_LOG ?? 'warn', '--no-banner', ...extra], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const res = await fetch(url + '/_aviary/clock');
      if (res.status === 401) break;
    } catch { /* not up yet */ }
    if (performance.now() - t0 > 20_000) throw new Error('Aviary did not start in 20 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  const startupMs = performance.now() - t0;
  const creds = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8'));
  return {
    url, proc, dataDir, startupMs, creds,
    stop: () => new Promise((resolve) => { proc.once('exit', () => resolve()); proc.kill('SIGTERM'); }),
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}
