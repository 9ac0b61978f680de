// `aviary start|seed|help`. Parses flags into a Config and runs the service until a signal.
import { ConfigError, FLAGS, loadConfig } from '../config/index.js';
import { startAviary, writeCredentialsFile } from '../main.js';
import { seedDemo } from '../seed/demo.js';
import { banner } from './banner.js';

const USAGE = `Usage: aviary <command> [flags]

Commands:
  start     serve every interface on one port (default)
  seed      seed a dataset into the store and exit (--dataset demo)
  help      this text

Flags (each also read from the environment variable shown):
${Object.entries(FLAGS).map(([flag, s]) => `  ${flag.padEnd(20)} ${s.env ?? ''}`).join('\n')}
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
    aviary.app.log.info({ signal }, 'shutting down');
    aviary.close().then(() => process.exit(0), (err) => {
      console.error(err);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function seed(argv: string[]) {
  const { config, rest } = loadConfig(argv.filter((a) => !a.startsWith('--dataset')));
  const dataset = argv.find((a) => a.startsWith('--dataset'))?.split('=')[1] ?? 'demo';
  if (dataset !== 'demo' || rest.length) throw new ConfigError(`unknown dataset or argument: ${[dataset, ...rest].join(' ')}`);
  const aviary = await startAviary({ ...config, port: 0, host: '127.0.0.1', seedDemo: false });
  try {
    const creds = await seedDemo(aviary.deps);
    process.stdout.write(JSON.stringify({ dataset, credentials: creds }, null, 2) + '\n');
  } finally {
    await aviary.close();
  }
}

export async function run(argv: string[]): Promise<void> {
  const [command = 'start', ...rest] = argv[0]?.startsWith('--') ? ['start', ...argv] : argv;
  try {
    if (command === 'start') return await start(rest);
    if (command === 'seed') return await seed(rest);
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
