// Starts a built Aviary in its own process (as a user would) and waits for it to answer.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Spawned = {
  url: string;
  proc: ChildProcess;
  dataDir: string;
  startupMs: number;
  creds: any;
  stop(): Promise<void>;
};

/**
 * `dataDir` reuses a prepared store (a seeded dataset); by default a fresh temporary one, removed by
 * `stop()` (a write bench leaves ~200 MB there).
 */
export async function spawnAviary(port: number, extra: string[] = [], prepared?: string): Promise<Spawned> {
  const dataDir = prepared ?? mkdtempSync(join(tmpdir(), 'aviary-bench-'));
  const t0 = performance.now();
  // BENCH_NODE_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=prof") profiles the server under the bench's own load.
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_SERVER_CPUS (e.g. "1", with the bench itself under `taskset -c 0`): the server runs on those
  // cores only (taskset execs node, so the pid is the server's), away from the load generator.
  const cpus = process.env.BENCH_SERVER_CPUS;
  const proc = spawn(
    cpus ? 'taskset' : process.execPath,
    [
      ...(cpus ? ['-c', cpus, process.execPath] : []),
      ...flags,
      'bin/aviary.js',
      'start',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--log-level',
      process.env.BENCH_LOG ?? 'warn',
      '--no-banner',
      // Benches load one endpoint with one token far past its real rate limit; bench:http measures the limits.
      ...(extra.includes('--rate-limits') ? [] : ['--rate-limits', 'off']),
      ...extra,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  // A server that does not come up is not left running behind a failed bench.
  const fail = (message: string) => {
    proc.kill('SIGKILL');
    return new Error(message);
  };
  for (;;) {
    try {
      const res = await fetch(url + '/_aviary/clock');
      if (res.status === 401) break;
    } catch {
      /* not up yet */
    }
    if (performance.now() - t0 > 60_000) throw fail('Aviary did not start in 60 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  const startupMs = performance.now() - t0;
  // The file is written just after the port opens: wait for it too.
  let creds: any;
  while (!creds) {
    try {
      creds = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8'));
    } catch {
      if (performance.now() - t0 > 60_000) throw fail('Aviary wrote no credentials.json in 60 s');
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  return {
    url,
    proc,
    dataDir,
    startupMs,
    creds,
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', () => {
          if (!prepared) rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/**
 * CPU time a process has used so far, in milliseconds: the scheduler's nanosecond run time of each of
 * its threads (/proc/PID/task/TID/schedstat), where the kernel has it. `/proc/PID/stat` counts in
 * 10 ms ticks: over a 2 s round of 6,000 requests one tick is 1.7 µs a request on each reading
 * (bench/NOTES.md "limits-journal, second pass"). Threads that have ended are no longer counted there;
 * Node's threads (V8 helpers, libuv's pool) live as long as the process.
 */
export function cpuMs(pid: number): number {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) ns += runNs(pid, tid);
    if (Number.isFinite(ns) && ns > 0) return ns / 1e6;
  } catch {
    /* no schedstat (a kernel without it, or a thread gone while read): the ticks below */
  }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time of the process's main thread alone (its event loop: what bounds a server's throughput
 * when the rest of its threads have room), in milliseconds; NaN where the kernel has no schedstat.
 */
export function mainThreadCpuMs(pid: number): number {
  try {
    return runNs(pid, String(pid)) / 1e6;
  } catch {
    return NaN;
  }
}

/**
 * CPU time used so far by every process of this machine named `postgres` (the server, its backends,
 * autovacuum, the WAL writer, the checkpointer), in milliseconds, by pid: the database's share of the
 * machine when PostgreSQL runs beside the server, which `cpuMs` of the server leaves out (issue #23:
 * on two cores PostgreSQL's own CPU bounds the streams scenario). Compare two readings with
 * `cpuSince`: a process that ended between them is not counted, one that began is counted whole.
 */
export function postgresCpuMs(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      out.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      /* ended while read */
    }
  }
  return out;
}

/** The CPU time used between two readings of `postgresCpuMs`, in milliseconds. */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** A thread's run time so far, in nanoseconds (the first field of its schedstat). */
const runNs = (pid: number, tid: string) =>
  Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);

/** A bare node:http server answering every request with `body`: the ceiling to compare against. */
export async function startBare(port: number, body: string): Promise<ChildProcess> {
  const proc = fork('bench/support/bare.mjs', [String(port), body]);
  await new Promise((r) => proc.once('message', r));
  return proc;
}

/** A plain Fastify server answering `path` with `body`: the framework's own floor. */
export async function startFastifyFloor(port: number, path: string, body: string): Promise<ChildProcess> {
  const proc = fork('bench/support/fastify-floor.mjs', [String(port), path, body]);
  await new Promise((r) => proc.once('message', r));
  return proc;
}
