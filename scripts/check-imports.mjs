#!/usr/bin/env node
// The import direction of ../shared/STYLE.md, checked: shared imports nothing above it; engine,
// store and config only shared; a module reaches another module only through its index.ts; no
// process.env outside config/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve('src');
const files = [];
(function walk(d) {
  for (const n of readdirSync(d)) {
    const p = join(d, n);
    if (statSync(p).isDirectory()) walk(p);
    else if (n.endsWith('.ts') && !n.endsWith('.test.ts')) files.push(p);
  }
})(root);

const layer = (p) => relative(root, p).split('/')[0];
const ALLOWED = {
  shared: ['shared'],
  config: ['config', 'shared'],
  engine: ['engine', 'shared'],
  store: ['store', 'shared', 'config'],
};
const problems = [];
for (const file of files) {
  const src = readFileSync(file, 'utf8');
  const from = relative(root, file);
  if (/process\.env/.test(src) && layer(file) !== 'config')
    problems.push(`${from}: reads process.env (only config/ may)`);
  for (const m of src.matchAll(/from '(\.[^']+)'/g)) {
    const target = resolve(dirname(file), m[1]).replace(/\.js$/, '.ts');
    const to = relative(root, target);
    const allowed = ALLOWED[layer(file)];
    if (allowed && !allowed.includes(layer(target)) && !to.startsWith('deps'))
      problems.push(`${from} → ${to}: ${layer(file)}/ may import only ${allowed.join(', ')}`);
    const [fa, fb] = from.split('/');
    const [ta, tb, tc] = to.split('/');
    if (ta === 'modules' && fa === 'modules' && fb !== tb && tc !== 'index.ts' && !(tb === 'ads' && fb === 'ads')) {
      problems.push(`${from} → ${to}: import another module through its index.ts`);
    }
    if (ta === 'modules' && fa !== 'modules' && tc !== 'index.ts' && !['app.ts', 'main.ts'].includes(fa)) {
      problems.push(`${from} → ${to}: import modules through their index.ts`);
    }
  }
}
if (problems.length) {
  console.error('Import rules broken:\n  ' + problems.join('\n  '));
  process.exit(1);
}
console.log(`imports: ${files.length} files follow the import rules`);
