// `aviary cluster --nodes N --database-url URL [--port P] [start flags…]`: N `aviary start` processes on
// one PostgreSQL database, on ports P, P+1, …, named node-1 … node-N, for trying several nodes on one
// machine (put a load balancer in front of them, or call them in turn). Each node's lines are
// prefixed with its name; a signal stops every node; a node that dies is reported and not restarted
// (the others carry on: that is the point of trying it).
import { spawn, type ChildProcess } from 'node:child_process';
import { ConfigError, loadConfig } from '../config/index.js';

/** `--name N` or `--name=N`, removed from argv. */
function take(argv: string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const [flag] = argv.splice(i, 1);
  return flag!.includes('=') ? flag!.slice(name.length + 1) : argv.splice(i, 1)[0];
}

export type ClusterPlan = { nodes: Array<{ name: string; args: string[] }> };

/** The processes `aviary cluster` starts: pure, so the flags' rules are tested without spawning. */
export function clusterPlan(argv: string[], env?: NodeJS.ProcessEnv): ClusterPlan {
  const args = [...argv];
  const count = Number(take(args, '--nodes') ?? '3');
  if (!Number.isInteger(count) || count < 1 || count > 32)
    throw new ConfigError('--nodes must be an integer from 1 to 32');
  if (take(args, '--node-name') !== undefined) throw new ConfigError('aviary cluster names its nodes node-1 … node-N');
  // Flags and environment as `aviary start` reads them (an unknown flag is refused here, once).
  const { config, rest } = loadConfig(args, env);
  if (rest.length) throw new ConfigError(`unknown argument: ${rest.join(' ')}`);
  const { port, databaseUrl: url } = config;
  if (!url) throw new ConfigError('aviary cluster needs --database-url postgres://… (nodes share one PostgreSQL)');
  if (port !== 0 && port + count - 1 > 65535)
    throw new ConfigError('--port must leave room for one port per node (at most 65535)');
  take(args, '--port');
  take(args, '--database-url');
  return {
    nodes: Array.from({ length: count }, (_, i) => ({
      name: `node-${i + 1}`,
      args: [
        'start',
        '--database-url',
        url,
        '--port',
        String(port === 0 ? 0 : port + i),
        '--node-name',
        `node-${i + 1}`,
        // The first node seeds an empty store and prints the banner; the others join it.
        ...(i === 0 ? [] : ['--no-banner']),
        ...args,
      ],
    })),
  };
}

export async function cluster(argv: string[], entry: string): Promise<void> {
  const plan = clusterPlan(argv);
  const children: ChildProcess[] = [];
  let stopping = false;
  const prefixLines = (name: string, out: NodeJS.WritableStream) => {
    let rest = '';
    return (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    };
  };
  // The first node creates the schema and the demo data; the others join once it listens.
  for (const [i, node] of plan.nodes.entries()) {
    const child = spawn(process.execPath, [entry, ...node.args], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    child.stdout!.on('data', prefixLines(node.name, process.stdout));
    child.stderr!.on('data', prefixLines(node.name, process.stderr));
    child.on('exit', (code, signal) => {
      if (!stopping) process.stderr.write(`[${node.name}] exited (${signal ?? code})\n`);
    });
    if (i === 0) await firstOutput(child);
  }
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const c of children) c.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await Promise.all(
    children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.on('exit', resolve)))),
  );
}

/** Resolves when the process has printed its banner or first log line (it listens), or has exited. */
function firstOutput(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', () => resolve());
  });
}
