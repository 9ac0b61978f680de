#!/usr/bin/env node
// `npm test`: typecheck, lint, then every unit test (beside the code) and black-box HTTP test in one
// node --test run, so CI reads one summary. Suites run again on PostgreSQL when
// AVIARY_TEST_DATABASE_URL is set (test/support/server.ts decides; skips are announced).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function files(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

function step(title, cmd, args, after = () => {}) {
  process.stdout.write(`\n== ${title}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  after();
  if (r.status !== 0) {
    process.stdout.write(`\n== ${title} failed (exit ${r.status ?? r.signal})\n`);
    process.exit(r.status ?? 1);
  }
}

const only = process.argv.slice(2);
if (only.length === 0) {
  step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  step('lint', 'npm', ['run', '--silent', 'lint']);
}
const tests = only.length ? only : [...files('src'), ...files('test')].sort();
process.stdout.write(
  process.env.AVIARY_TEST_DATABASE_URL
    ? `\nPostgreSQL suites: ON (${process.env.AVIARY_TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')})\n`
    : '\nPostgreSQL suites: SKIPPED — set AVIARY_TEST_DATABASE_URL=postgres://… to run them (.ci/run does)\n',
);
// Node 20's --test-timeout bounds each test file's process as well as each test in it: a file that hangs
// (a handle left open, an answer that never comes) is cancelled and reported instead of stalling the run.
// The longest file (both stores) takes about a minute here; five is room for a slow CI machine.
const FILE_TIMEOUT_MS = 300_000;
// TAP as it happens, then the failures again at the end, where a CI log's tail shows them. Node 20 writes
// only one of two reporters given the same stream, so the summary goes to a file printed after the run.
const summaryDir = mkdtempSync(join(tmpdir(), 'aviary-test-summary-'));
const summary = join(summaryDir, 'failures.txt');
const printSummary = () => {
  try {
    process.stdout.write(readFileSync(summary, 'utf8'));
  } catch {
    // no summary: the run ended before the reporter wrote (its exit code says why)
  }
  rmSync(summaryDir, { recursive: true, force: true });
};
step(
  'tests',
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    `--test-timeout=${FILE_TIMEOUT_MS}`,
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/failures-reporter.mjs',
    `--test-reporter-destination=${summary}`,
    ...tests,
  ],
  printSummary,
);
