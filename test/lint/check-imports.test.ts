// The habits `npm run lint` enforces, shown failing: scripts/check-imports.mjs run over small trees
// built for the purpose (each bad tree breaks exactly one rule), and the 120-column limit kept by
// prettier and eslint's max-len, with the repository's own configuration files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

const REPO = resolve(import.meta.dirname, '../..');
const temps: string[] = [];
after(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'aviary-lint-'));
  temps.push(dir);
  return dir;
}

/** A tree that follows every rule: each layer, a module with its four roles, two ads resources. */
const GOOD: Record<string, string> = {
  'shared/ids.ts': `export const nextId = (): string => '1';\n`,
  'config/index.ts': `export const port = Number(process.env.PORT ?? 0);\nexport type Config = { port: number };\n`,
  'store/index.ts': `import type { Config } from '../config/index.js';\nimport { nextId } from '../shared/ids.js';\nexport const open = (c: Config) => [c, nextId()];\n`,
  'auth/index.ts': `import { open } from '../store/index.js';\nexport const auth = open;\n`,
  'http/auth.ts': `import type { FastifyInstance } from 'fastify';\nimport { auth } from '../auth/index.js';\nexport const hook = (app: FastifyInstance) => [app, auth];\n`,
  'modules/users/users.repo.ts': `import { open } from '../../store/index.js';\nexport const findUser = open;\n`,
  // A comment that names process.env is no read of it.
  'modules/users/users.service.ts': `// reads no process.env\nimport { findUser } from './users.repo.js';\nexport const getUser = findUser;\n`,
  'modules/users/users.routes.ts': `import { hook } from '../../http/auth.js';\nimport { getUser } from './users.service.js';\nexport const usersRoutes = [hook, getUser];\n`,
  'modules/users/index.ts': `export { usersRoutes } from './users.routes.js';\nexport { getUser } from './users.service.js';\n`,
  'modules/ads/kit/list-sql.ts': `export const page = 'LIMIT ?';\n`,
  'modules/ads/campaigns/campaigns.repo.ts': `import { page } from '../kit/list-sql.js';\nexport const listCampaigns = page;\n`,
  'modules/ads/campaigns/index.ts': `export { listCampaigns } from './campaigns.repo.js';\n`,
  'modules/ads/line-items/line-items.repo.ts': `import { page } from '../kit/list-sql.js';\nexport const listLineItems = page;\n`,
  'modules/ads/line-items/line-items.service.ts': `import { listCampaigns } from '../campaigns/index.js';\nimport { getUser } from '../../users/index.js';\nexport const check = [listCampaigns, getUser];\n`,
  'modules/ads/line-items/index.ts': `export { check } from './line-items.service.js';\nexport { listLineItems } from './line-items.repo.js';\n`,
  'app.ts': `import { usersRoutes } from './modules/users/index.js';\nimport { check } from './modules/ads/line-items/index.js';\nexport const app = [usersRoutes, check];\n`,
};

function tree(changes: Record<string, string>): string {
  const root = tempDir();
  for (const [path, text] of Object.entries({ ...GOOD, ...changes })) {
    const file = join(root, 'src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

function checkImports(root: string): { status: number | null; out: string; broken: string[] } {
  const r = spawnSync(process.execPath, [join(REPO, 'scripts/check-imports.mjs'), root], { encoding: 'utf8' });
  const broken = r.stderr
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter(Boolean);
  return { status: r.status, out: r.stdout + r.stderr, broken };
}

/** The checker fails on the tree, naming exactly one broken rule, which matches `expected`. */
function failsOnce(changes: Record<string, string>, expected: RegExp) {
  const { status, out, broken } = checkImports(tree(changes));
  assert.equal(status, 1, out);
  assert.equal(broken.length, 1, out);
  assert.match(broken[0], expected);
}

describe('check-imports', () => {
  test('a tree that follows the rules passes', () => {
    const { status, out } = checkImports(tree({}));
    assert.equal(status, 0, out);
    assert.match(out, /16 files follow the import rules/);
  });

  test('an import against the direction fails: delivery imports a module', () => {
    failsOnce(
      { 'delivery/send.ts': `import { getUser } from '../modules/users/index.js';\nexport const send = getUser;\n` },
      /^delivery\/send\.ts → modules\/users\/index\.ts: delivery\/ may import only delivery, store, config, shared, deps\.ts$/,
    );
  });

  test('a service that imports http/ fails', () => {
    failsOnce(
      {
        'modules/users/users.service.ts': `import { hook } from '../../http/auth.js';\nimport { findUser } from './users.repo.js';\nexport const getUser = [hook, findUser];\n`,
      },
      /^modules\/users\/users\.service\.ts → http\/auth\.ts: services, views and rules never import http\/$/,
    );
  });

  test('an import cycle fails, with its path; type-only imports count', () => {
    failsOnce(
      {
        'shared/ids.ts': `import type { Clock } from './clock.js';\nexport const nextId = (c: Clock): string => String(c);\n`,
        'shared/clock.ts': `import { nextId } from './ids.js';\nexport type Clock = { id: typeof nextId };\n`,
      },
      /^import cycle: shared\/clock\.ts → shared\/ids\.ts → shared\/clock\.ts$/,
    );
  });

  test("an ads resource that imports another's repo fails", () => {
    failsOnce(
      {
        'modules/ads/line-items/line-items.service.ts': `import { listCampaigns } from '../campaigns/campaigns.repo.js';\nexport const check = [listCampaigns];\n`,
      },
      /^modules\/ads\/line-items\/line-items\.service\.ts → modules\/ads\/campaigns\/campaigns\.repo\.ts: import modules\/ads\/campaigns through its index\.ts$/,
    );
  });

  test('process.env outside config/ fails', () => {
    failsOnce(
      { 'modules/users/users.service.ts': `export const getUser = () => process.env.USER;\n` },
      /^modules\/users\/users\.service\.ts: reads process\.env \(only config\/ may\)$/,
    );
  });
});

describe('line length (120 columns)', () => {
  // A line of code, not a string: eslint's max-len ignores long strings (eslint.config.js).
  const line = (length: number) => {
    let s = 'export const total = 1000';
    while (s.length < length - 10) s += ' + 1000';
    s += ';';
    return s.replace('total', `total${'x'.repeat(length - s.length)}`);
  };
  const dir = tempDir();
  writeFileSync(join(dir, 'long.ts'), `${line(130)}\n`);
  writeFileSync(join(dir, 'fits.ts'), `${line(115)}\n`);
  // Run from the temp folder with the repository's configuration: eslint skips files outside the
  // folder it runs in, and prettier would otherwise fall back to its own 80 columns.
  const run = (tool: string, args: string[]) =>
    spawnSync(join(REPO, 'node_modules/.bin', tool), args, { cwd: dir, encoding: 'utf8' });

  test('the lines are the lengths they claim', () => {
    assert.equal(line(130).length, 130);
    assert.equal(line(115).length, 115);
  });

  test('prettier --check fails on the 130-character line only', () => {
    const r = run('prettier', ['--check', '--config', join(REPO, '.prettierrc.json'), 'long.ts', 'fits.ts']);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /long\.ts/);
    assert.doesNotMatch(r.stderr, /fits\.ts/);
  });

  test('eslint fails on the 130-character line only, by max-len', () => {
    const r = run('eslint', ['--no-ignore', '-c', join(REPO, 'eslint.config.js'), 'long.ts', 'fits.ts']);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(
      r.stdout,
      /long\.ts\n\s+1:1\s+error\s+This line has a length of 130\. Maximum allowed is 120\s+max-len/,
    );
    assert.doesNotMatch(r.stdout, /fits\.ts/);
  });
});
