#!/usr/bin/env node
// The import direction of STYLE.md ("Import direction") and of REVIEW.md §(e) rule 3 for the Ads API,
// checked over every non-test .ts file under src/:
//
//   main, app        → anything (composition root)
//   modules/*.routes → own module, other modules' index.ts, http, shared (ads resources: also ads/kit)
//   *.service        → never http/ or fastify (nor *.view, *.rules: domain code knows no requests)
//   *.repo           → store, shared (ads resources: also ads/kit)
//   http             → auth, config, shared
//   delivery, auth   → store, config, shared
//   engine, config   → shared;  store → shared (and config's types)
//   shared           → nothing
//
// A module reaches another only through its index.ts; each modules/ads/<resource> folder is a module
// of its own, and ads/kit (shared by the resources) never imports one. No process.env outside config/.
// No import cycles: between files (type-only imports count: they still tie two files together) and
// between modules. A checked rule beats a habit (STYLE.md); this stays a plain script with no
// dependencies, where dependency-cruiser would need its own config language and ~40 packages.
//
// Usage: node scripts/check-imports.mjs [root]   (root holds src/; default: this repository)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// What each layer (first folder under src/, or a top-level file) may import, besides packages.
// deps.ts is the `Deps` type every layer above the store takes; it only gathers types from below.
// Admin, seed and cli, decided from what they do: seed writes a dataset through modules' index.ts;
// admin is the control API over everything below the composition root (it resets and reseeds);
// cli is a process entry above main.ts, reached by nothing.
const LAYERS = {
  shared: ['shared'],
  config: ['config', 'shared'],
  engine: ['engine', 'shared'],
  store: ['store', 'shared'],
  auth: ['auth', 'store', 'config', 'shared', 'deps.ts'],
  delivery: ['delivery', 'store', 'config', 'shared', 'deps.ts'],
  cluster: ['cluster', 'store', 'config', 'shared'],
  http: ['http', 'auth', 'config', 'shared', 'deps.ts'],
  // Rate limits, Post caps and the usage endpoint (issue #20): edge plumbing like http/, with counters in the store.
  limits: ['limits', 'http', 'auth', 'store', 'config', 'shared', 'deps.ts'],
  modules: ['modules', 'http', 'auth', 'delivery', 'cluster', 'engine', 'store', 'config', 'shared', 'deps.ts'],
  seed: ['seed', 'modules', 'auth', 'store', 'config', 'shared', 'deps.ts'],
  snapshot: ['snapshot', 'modules', 'auth', 'store', 'config', 'shared', 'deps.ts'],
  admin: [
    'admin',
    'seed',
    'modules',
    'http',
    'auth',
    'delivery',
    'cluster',
    'engine',
    'store',
    'config',
    'shared',
    'deps.ts',
  ],
  cli: ['cli', 'main.ts', 'seed', 'snapshot', 'modules', 'store', 'config', 'shared', 'deps.ts'],
  // Fault injection and the request journal: hooks and control routes over the http edge. Modules and
  // delivery reach them only through their deps.runtime members, never by import. Nodes sharing
  // PostgreSQL keep both in the store (migration 0036), so their repositories use it.
  faults: ['faults', 'http', 'auth', 'store', 'config', 'shared', 'deps.ts'],
  journal: ['journal', 'http', 'auth', 'store', 'config', 'shared', 'deps.ts'],
  'deps.ts': ['config', 'shared', 'store', 'cluster'],
  'main.ts': '*',
  'app.ts': '*',
};
// openStore(config) reads where the store lives from the typed Config: a type, no config code runs.
const TYPE_ONLY = { store: ['config'] };
// Request and reply types belong to http/ and route files, never below them.
const NO_FASTIFY_LAYERS = ['shared', 'config', 'engine', 'store', 'auth', 'delivery', 'cluster', 'deps.ts'];
const DOMAIN_FILE = /\.(service|view|rules)\.ts$/;

// Temporary: the violations in the tree when this check was extended (2026-11), each with why it
// is there. An entry that no longer matches fails the check, so this list only shrinks. Keys are
// `from → to` (paths under src/), `cycle: <files>` or `module cycle: <modules>`.
const KNOWN = {
  // A route file that reaches past another module's index.ts into auth/ for a call.
  'modules/oauth/oauth1.routes.ts → auth/index.ts': 'invalidateAccessToken called from the route',
  // A repository that imports a type from auth/.
  'modules/oauth/oauth.repo.ts → auth/index.ts': 'the Permission type',
};

const scriptRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(process.argv[2] ?? scriptRoot);
const src = join(root, 'src');
// KNOWN describes this repository's tree, not a tree handed in (the checker's own test builds those).
const known = root === scriptRoot ? KNOWN : {};

const files = listFiles(src);
const sources = new Map(files.map((f) => [f, withoutComments(readFileSync(join(src, f), 'utf8'))]));
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const problems = [...files.flatMap(checkFile), ...fileCycles(graph), ...moduleCycles(graph)];
report(problems, known);

function listFiles(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(relative(src, p));
  }
  return out;
}

/** The file's imports: `{ spec, to (a path under src/, or null for a package), typeOnly }`. */
function importsOf(file) {
  const text = sources.get(file);
  const found = [];
  const STATIC =
    /\b(import|export)\s+(type\s+)?((?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)?)\s*from\s*(['"])([^'"]+)\4/g;
  for (const m of text.matchAll(STATIC)) found.push({ spec: m[5], typeOnly: Boolean(m[2]) || allTypes(m[3]) });
  for (const m of text.matchAll(/\bimport\s*(['"])([^'"]+)\1/g)) found.push({ spec: m[2], typeOnly: false });
  for (const m of text.matchAll(/\bimport\s*\(\s*(['"`])([^'"`$]+)\1\s*\)/g))
    found.push({ spec: m[2], typeOnly: false });
  return found.map((i) => ({ ...i, to: i.spec.startsWith('.') ? resolveLocal(file, i.spec) : null }));
}

/** `{ type A, type B }` imports nothing at run time, like `import type`. */
function allTypes(clause) {
  const names = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!names) return false;
  const parts = names[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((s) => s.startsWith('type '));
}

function resolveLocal(file, spec) {
  const base = resolve(src, dirname(file), spec);
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')];
  const hit = candidates.find((c) => c.endsWith('.ts') && existsSync(c));
  return relative(src, hit ?? base.replace(/\.js$/, '.ts'));
}

/** Blanks comments (keeping line breaks) so that neither imports nor process.env are found in them. */
function withoutComments(code) {
  let out = '';
  let i = 0;
  const braces = []; // for each open `${`, the brace depth at which the template resumes
  let depth = 0;
  while (i < code.length) {
    const c = code[i];
    const next = code[i + 1];
    if (c === '/' && next === '/') {
      while (i < code.length && code[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end < 0 ? code.length : end + 2;
      out += code.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '/' && startsRegex(out)) {
      const stop = endOfRegex(code, i);
      out += code.slice(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      const stop = endOfQuoted(code, i, c);
      out += code.slice(i, stop);
      i = stop;
    } else if (c === '`' || (c === '}' && braces.length && braces.at(-1) === depth)) {
      if (c === '}') braces.pop();
      const [stop, opensExpr] = endOfTemplatePart(code, i + 1);
      if (opensExpr) braces.push(depth);
      out += code.slice(i, stop);
      i = stop;
    } else {
      if (c === '{') depth++;
      if (c === '}') depth--;
      out += c;
      i++;
    }
  }
  return out;
}

function endOfQuoted(code, start, quote) {
  let i = start + 1;
  while (i < code.length && code[i] !== quote && code[i] !== '\n') i += code[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** A `/` starts a regular expression where a value is expected (after an operator or a keyword). */
function startsRegex(before) {
  const tail = before.trimEnd();
  return tail === '' || /[(,=:[!&|?{};+\-*%<>~^]$/.test(tail) || /\b(return|typeof|case|do|else|in|of)$/.test(tail);
}

function endOfRegex(code, start) {
  let i = start + 1;
  let inClass = false;
  while (i < code.length && code[i] !== '\n') {
    if (code[i] === '\\') i++;
    else if (code[i] === '[') inClass = true;
    else if (code[i] === ']') inClass = false;
    else if (code[i] === '/' && !inClass) return i + 1;
    i++;
  }
  return i;
}

/** From inside a template literal: where this part ends, and whether it ends by opening `${`. */
function endOfTemplatePart(code, i) {
  while (i < code.length) {
    if (code[i] === '\\') i += 2;
    else if (code[i] === '`') return [i + 1, false];
    else if (code[i] === '$' && code[i + 1] === '{') return [i + 2, true];
    else i++;
  }
  return [i, false];
}

/** The layer of a path under src/: its first folder, or the file itself at the top. */
function layerOf(path) {
  return path.split('/')[0];
}

/** The module a path under src/modules/ belongs to: modules/<m>, or modules/ads/<folder> for Ads. */
function moduleOf(path) {
  const [top, m, sub, ...rest] = path.split('/');
  if (top !== 'modules') return null;
  if (m === 'ads' && rest.length > 0) return `modules/ads/${sub}`;
  return `modules/${m}`;
}

function isAdsResource(mod) {
  return Boolean(mod?.startsWith('modules/ads/')) && mod !== 'modules/ads/kit';
}

function isFastify(spec) {
  return spec === 'fastify' || spec.startsWith('fastify/') || spec.startsWith('@fastify/');
}

function checkFile(file) {
  const out = [];
  if (layerOf(file) !== 'config' && readsEnv(sources.get(file))) {
    out.push({ key: `${file}: process.env`, text: `${file}: reads process.env (only config/ may)` });
  }
  if (!(layerOf(file) in LAYERS)) {
    out.push({ key: `${file}: layer`, text: `${file}: no import rule for ${layerOf(file)}/ (add it to LAYERS)` });
    return out;
  }
  for (const imp of graph.get(file)) {
    const why = imp.to === null ? packageRule(file, imp.spec) : localRule(file, imp);
    if (why) out.push({ key: `${file} → ${imp.to ?? imp.spec}`, text: `${file} → ${imp.to ?? imp.spec}: ${why}` });
  }
  return out;
}

/** process.env, process['env'], `{ env } = process`, or env imported from node:process. */
function readsEnv(text) {
  if (/\bprocess\s*(\.\s*env\b|\[\s*['"`]env['"`]\s*\])/.test(text)) return true;
  if (/\{[^}]*\benv\b[^}]*\}\s*=\s*process\b/.test(text)) return true;
  return /import\s*\{[^}]*\benv\b[^}]*\}\s*from\s*['"](node:)?process['"]/.test(text);
}

function packageRule(file, spec) {
  if (!isFastify(spec)) return null;
  if (NO_FASTIFY_LAYERS.includes(layerOf(file))) return `${layerOf(file)}/ knows no HTTP framework`;
  if (DOMAIN_FILE.test(file) || file.endsWith('.repo.ts')) return 'services, views, rules and repos know no HTTP types';
  return null;
}

/** Why an import of a file under src/ breaks a rule, or null. Rules from the narrowest out. */
function localRule(file, imp) {
  const { to } = imp;
  if (to.startsWith('..')) return 'imports from outside src/';
  return fileRoleRule(file, to) ?? adsKitRule(file, to) ?? layerRule(file, imp) ?? moduleRule(file, to);
}

function fileRoleRule(file, to) {
  const [from, target] = [moduleOf(file), moduleOf(to)];
  if (DOMAIN_FILE.test(file) && layerOf(to) === 'http') return 'services, views and rules never import http/';
  if (from && file.endsWith('.routes.ts')) {
    const kit = isAdsResource(from) && target === 'modules/ads/kit';
    // Another module's surface (its index.ts) is what STYLE's "Do" says to import; never its files.
    const surface = target !== null && target !== from && to === `${target}/index.ts`;
    const ok = target === from || kit || surface || ['http', 'shared', 'deps.ts'].includes(layerOf(to));
    if (!ok) return "a route file imports only its own module, other modules' index.ts, http, shared";
  }
  if (file.endsWith('.repo.ts')) {
    // The kit's paging fragments, list types and account rows (the kit imports no resource: no cycle).
    const kit = isAdsResource(from) && target === 'modules/ads/kit';
    if (!kit && !['store', 'shared'].includes(layerOf(to))) return 'a repository imports only store and shared';
  }
  return null;
}

/** REVIEW.md §(e) rule 3: the kit serves every ads resource and imports none, nor any other module. */
function adsKitRule(file, to) {
  if (moduleOf(file) !== 'modules/ads/kit' || moduleOf(to) === 'modules/ads/kit') return null;
  if (['http', 'auth', 'store', 'shared', 'deps.ts'].includes(layerOf(to))) return null;
  return 'ads/kit imports only http, auth, store, shared (never an ads resource)';
}

function layerRule(file, imp) {
  const [from, to] = [layerOf(file), layerOf(imp.to)];
  const allowed = LAYERS[from];
  if (allowed === '*' || allowed.includes(to)) return null;
  if (imp.typeOnly && TYPE_ONLY[from]?.includes(to)) return null;
  return `${from}/ may import only ${allowed.join(', ')}`;
}

function moduleRule(file, to) {
  const [from, target] = [moduleOf(file), moduleOf(to)];
  if (!target || target === from || ['main.ts', 'app.ts'].includes(file)) return null;
  if (target === 'modules/ads/kit') {
    return from?.startsWith('modules/ads') ? null : 'import modules/ads through modules/ads/index.ts';
  }
  if (to !== `${target}/index.ts`) return `import ${target} through its index.ts`;
  return null;
}

/** File cycles: every strongly connected group of files, shown by its shortest cycle. */
function fileCycles(graph) {
  const edges = new Map([...graph].map(([f, imps]) => [f, imps.map((i) => i.to).filter((t) => graph.has(t))]));
  return cyclesOf(edges).map(({ members, cycle }) => ({
    key: `cycle: ${members.join(', ')}`,
    text: `import cycle: ${cycle.join(' → ')}${members.length > cycle.length - 1 ? ` (among ${members.join(', ')})` : ''}`,
  }));
}

/** Module cycles: modules that import each other, through any files; one file import shown a hop. */
function moduleCycles(graph) {
  const edges = new Map();
  const witness = new Map();
  for (const [file, imps] of graph) {
    const from = moduleOf(file);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, []);
    for (const { to } of imps) {
      const target = moduleOf(to ?? '');
      if (!target || target === from || !graph.has(to)) continue;
      edges.get(from).push(target);
      if (!witness.has(`${from} ${target}`)) witness.set(`${from} ${target}`, `${file} → ${to}`);
    }
  }
  return cyclesOf(edges).map(({ members, cycle }) => {
    const hops = cycle.slice(1).map((m, i) => witness.get(`${cycle[i]} ${m}`));
    return {
      key: `module cycle: ${members.join(', ')}`,
      text: `module cycle among ${members.join(', ')}: ${cycle.join(' → ')} (${hops.join('; ')})`,
    };
  });
}

/**
 * Every strongly connected group (Tarjan): its sorted members, which name it in KNOWN, and one cycle
 * through it, a path that starts and ends at one node.
 */
function cyclesOf(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (edges.get(v) ?? []).includes(v)) groups.push(group.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((members) => ({ members, cycle: shortestCycle(members[0], new Set(members), edges) }));
}

/** Breadth-first from start back to itself, staying inside its group. */
function shortestCycle(start, group, edges) {
  const previous = new Map();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!group.has(w)) continue;
      if (w === start) return [...pathTo(v, previous, start), start];
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

function pathTo(v, previous, start) {
  const path = [v];
  while (path[0] !== start) path.unshift(previous.get(path[0]));
  return path;
}

function report(problems, known) {
  const unique = [...new Map(problems.map((p) => [p.key, p])).values()];
  const broken = unique.filter((p) => !(p.key in known));
  const stale = Object.keys(known).filter((k) => !unique.some((p) => p.key === k));
  const lines = [
    ...broken.map((p) => p.text),
    ...stale.map((k) => `KNOWN entry no longer needed, remove it from scripts/check-imports.mjs: ${k}`),
  ];
  if (lines.length) {
    console.error(`Import rules broken (${lines.length}):\n  ${lines.join('\n  ')}`);
    process.exit(1);
  }
  const allowed = Object.keys(known).length;
  const note = allowed ? ` (${allowed} known exceptions, listed in KNOWN)` : '';
  console.log(`imports: ${files.length} files follow the import rules${note}`);
}
