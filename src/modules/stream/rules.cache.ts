// Each app's rule set in the server's memory, held in the engine's rule index so a post is matched
// once per app whatever the number of rules and connections. Changes made through this server are
// applied at once; those of another process (several Aviary processes on one PostgreSQL) are noticed
// by comparing the stored rule-set version, checked before every batch of posts is matched.
import type { Deps } from '../../deps.js';
import { createRuleIndex, parseQuery, type PreparedPost, type QueryNode, type RuleIndex } from '../../engine/index.js';
import { rulesRepo, type RuleRow } from './rules.repo.js';

export type RuleSet = { appId: string; version: string | null; index: RuleIndex; rules: Map<string, RuleRow> };
/** One entry of `matching_rules`: `tag` only when the rule has one (notes §4.1). */
export type MatchedRule = { id: string; tag?: string };

/** One server's rule sets by app, and the loads under way (Runtime `streamRules`). */
export type RuleCache = { sets: Map<string, RuleSet>; loading: Map<string, Promise<RuleSet>>; stop(): void };

declare module '../../deps.js' {
  interface Runtime {
    streamRules: RuleCache;
  }
}

export function createRuleCache(): RuleCache {
  const c: RuleCache = {
    sets: new Map(),
    loading: new Map(),
    stop() {
      c.sets.clear();
      c.loading.clear();
    },
  };
  return c;
}

/** Stored rules were validated when added; only their AST is wanted here. */
function astOf(value: string): QueryNode | null {
  const parsed = parseQuery(value, { product: 'stream', maxLength: Number.MAX_SAFE_INTEGER });
  return parsed.ok ? parsed.ast : null;
}

async function load(deps: Deps, appId: string): Promise<RuleSet> {
  // Version first: a change landing between the two reads leaves an older version beside newer
  // rows, which only costs one more reload.
  const version = await rulesRepo.version(deps.db, appId);
  const rows = await rulesRepo.all(deps.db, appId);
  const index = createRuleIndex({ product: 'stream' });
  const rules = new Map<string, RuleRow>();
  for (const r of rows) {
    const ast = astOf(r.value);
    if (!ast) continue;
    index.add(r.id, ast);
    rules.set(r.id, r);
  }
  return { appId, version, index, rules };
}

function reload(deps: Deps, appId: string): Promise<RuleSet> {
  const c = deps.runtime.streamRules;
  let p = c.loading.get(appId);
  if (!p) {
    p = load(deps, appId).then(
      (set) => {
        if (c.loading.get(appId) === p) {
          c.sets.set(appId, set);
          c.loading.delete(appId);
        }
        return set;
      },
      (err) => {
        c.loading.delete(appId);
        throw err;
      },
    );
    c.loading.set(appId, p);
  }
  return p;
}

/** The rule sets of the apps, current with the store (one version query for all of them). */
export async function ruleSets(deps: Deps, appIds: string[]): Promise<Map<string, RuleSet>> {
  const c = deps.runtime.streamRules;
  const versions = await rulesRepo.versions(deps.db, appIds);
  const out = new Map<string, RuleSet>();
  for (const appId of appIds) {
    const held = c.sets.get(appId);
    const current = versions.get(appId) ?? null;
    out.set(appId, held && held.version === current ? held : await reload(deps, appId));
  }
  return out;
}

export async function ruleSet(deps: Deps, appId: string): Promise<RuleSet> {
  return (await ruleSets(deps, [appId])).get(appId)!;
}

/**
 * A change this process committed: applied in place when the held set is the one it changed
 * (`previous`), otherwise the held set is dropped and read again when next needed.
 */
export function applyChange(
  deps: Deps,
  appId: string,
  change: { previous: string | null; version: string; added: { row: RuleRow; ast: QueryNode }[]; removed: string[] },
): void {
  const c = deps.runtime.streamRules;
  c.loading.delete(appId);
  const held = c.sets.get(appId);
  if (!held) return;
  if (held.version !== change.previous) {
    c.sets.delete(appId);
    return;
  }
  for (const id of change.removed) {
    held.index.remove(id);
    held.rules.delete(id);
  }
  for (const { row, ast } of change.added) {
    held.index.add(row.id, ast);
    held.rules.set(row.id, row);
  }
  held.version = change.version;
}

/** The rules of the set a prepared post matches, in rule id order. */
export function matchIn(set: RuleSet, post: PreparedPost): MatchedRule[] {
  if (set.rules.size === 0) return [];
  return set.index.matchPrepared(post).map((id) => {
    const tag = set.rules.get(id)?.tag;
    return tag ? { id, tag } : { id };
  });
}
