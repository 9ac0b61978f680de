// `aviary start|seed|help`. Parses flags into a Config and runs the service until a signal.
import { ConfigError, FLAGS, loadConfig } from '../config/index.js';
import { startAviary, writeCredentialsFile } from '../main.js';
import { drainIndex } from '../modules/search/index.js';
import { DEMO_POSTS, seedDemo } from '../seed/demo.js';
import { banner } from './banner.js';
import { cluster } from './cluster.js';
import { firehose } from './firehose.js';
import { exportCommand, importCommand } from './snapshot.js';

const USAGE = `Usage: aviary <command> [flags]

Commands:
  start     serve every interface on one port (default)
  seed      seed a dataset into the store and exit (--dataset demo, --posts N, --users N)
  cluster   start N nodes on one PostgreSQL (--nodes N, --database-url URL, --port P: ports P…P+N-1)
  firehose  make a running server generate posts (--rate N per second, --duration S seconds)
  export    write the whole state to FILE (gzip'd JSON lines) and exit: aviary export [--data-dir DIR] FILE
  import    replace the whole state with FILE's and exit (no server may run on the store)
  help      this text

Flags (each also read from the environment variable shown):
${Object.entries(FLAGS)
  .map(([flag, s]) => `  ${flag.padEnd(20)} ${s.env ?? ''}`)
  .join('\n')}
`;

async function start(argv: string[]) {
  const { config } = loadConfig(argv);
  const aviary = await startAviary(config);
  const file = writeCredentialsFile(aviary);
  if (config.banner) process.stdout.write(banner(aviary, file) + '\n');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    aviary.deps.log.info({ signal }, 'shutting down');
    aviary.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** `--name N` or `--name=N` as a positive integer, removed from argv; undefined when absent. */
function takeCount(argv: string[], name: string): number | undefined {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const [flag] = argv.splice(i, 1);
  const raw = flag!.includes('=') ? flag!.split('=')[1] : argv.splice(i, 1)[0];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

async function seed(argv: string[]) {
  const args = [...argv];
  const posts = takeCount(args, '--posts');
  const users = takeCount(args, '--users');
  const { config, rest } = loadConfig(args.filter((a) => !a.startsWith('--dataset')));
  const dataset = args.find((a) => a.startsWith('--dataset'))?.split('=')[1] ?? 'demo';
  if (dataset !== 'demo' || rest.length)
    throw new ConfigError(`unknown dataset or argument: ${[dataset, ...rest].join(' ')}`);
  const aviary = await startAviary({ ...config, port: 0, host: '127.0.0.1', seedDemo: false });
  try {
    const t0 = performance.now();
    const creds = await seedDemo(aviary.deps, { posts, users });
    const t1 = performance.now();
    // Make the new posts searchable before the store is handed to `aviary start`.
    await drainIndex(aviary.deps);
    const seconds = (ms: number) => Math.round(ms) / 1000;
    process.stdout.write(
      JSON.stringify(
        {
          dataset,
          posts: posts ?? DEMO_POSTS,
          seconds: seconds(t1 - t0),
          index_seconds: seconds(performance.now() - t1),
          credentials: creds,
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    await aviary.close();
  }
}

export async function run(argv: string[]): Promise<void> {
  const [command = 'start', ...rest] = argv[0]?.startsWith('--') ? ['start', ...argv] : argv;
  try {
    if (command === 'start') return await start(rest);
    if (command === 'seed') return await seed(rest);
    if (command === 'cluster') return await cluster(rest, process.argv[1]!);
    if (command === 'firehose') return await firehose(rest);
    if (command === 'export') return await exportCommand(rest);
    if (command === 'import') return await importCommand(rest);
    if (command === 'help' || command === '--help' || command === '-h') {
      process.stdout.write(USAGE);
      return;
    }
    throw new ConfigError(`unknown command "${command}"`);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`aviary: ${err.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw err;
  }
}
