// Filtered-stream rules of an app (the project): add with validation, duplicate and cap checks,
// delete by ids or values, delete all, dry runs, listing and counts. Every change is applied to the
// in-memory rule index at once, so open connections see it without reconnecting (notes §4.1).
// Rule errors are results, not exceptions: they sit in `errors` beside `meta.summary` (notes §4.2).
import type { AppRow } from '../../auth/index.js';
import type { Config } from '../../config/index.js';
import type { Deps } from '../../deps.js';
import { parseQuery, preparePost, type MatchPost, type QueryNode } from '../../engine/index.js';
import { isoMillis } from '../../shared/clock.js';
import { partialError, problems, type ProblemBody } from '../../shared/problems.js';
import type { Queryable } from '../../store/index.js';
import { applyChange, matchIn, ruleSet, type MatchedRule } from './rules.cache.js';
import { rulesRepo, type RuleRow } from './rules.repo.js';
import { ruleView, type RuleView } from './rules.view.js';

export type Limits = { rules: number; length: number; connections: number };
export type AddRule = { value: string; tag?: string };
export type RulesResult = {
  created: boolean;
  body: { data?: RuleView[]; meta: Record<string, unknown>; errors?: ProblemBody[] };
};

/** Self-serve tiers share one set of limits, enterprise has its own (config, DOCS filtered-stream introduction). */
export function limitsOf(config: Config, tier: AppRow['tier']): Limits {
  return tier === 'enterprise'
    ? {
        rules: config.streamRuleCapEnterprise,
        length: config.streamRuleLengthEnterprise,
        connections: config.streamConnectionsEnterprise,
      }
    : { rules: config.streamRuleCap, length: config.streamRuleLength, connections: config.streamConnections };
}

type Candidate = { row: RuleRow; ast: QueryNode | null; error: ProblemBody | null };

/** Parses each rule; a value repeated within the request is a duplicate of its first occurrence. */
function candidates(deps: Deps, app: AppRow, rules: AddRule[]): Candidate[] {
  const { length } = limitsOf(deps.config, app.tier);
  const first = new Map<string, string>();
  const now = deps.clock.now();
  return rules.map((r) => {
    const row: RuleRow = {
      id: deps.ids.next(),
      app_id: app.id,
      value: r.value,
      tag: r.tag ? r.tag : null,
      created_at: now,
    };
    const parsed = parseQuery(r.value, { product: 'stream', maxLength: length });
    if (!parsed.ok) {
      const e = parsed.tooLong
        ? problems.ruleLength(parsed.errors[0]!, { value: r.value, details: parsed.errors })
        : problems.invalidRules({ value: r.value, details: parsed.errors });
      return { row, ast: null, error: partialError(e) };
    }
    const earlier = first.get(r.value);
    if (earlier)
      return { row, ast: null, error: partialError(problems.duplicateRule({ id: earlier, value: r.value })) };
    first.set(r.value, row.id);
    return { row, ast: parsed.ast, error: null };
  });
}

/** Duplicates of stored rules (`id` = the stored one, OBS) and the cap, against the stored set. */
async function storedChecks(deps: Deps, db: Queryable, app: AppRow, list: Candidate[]): Promise<ProblemBody[]> {
  const valid = list.filter((c) => !c.error);
  const existing = new Map(
    (
      await rulesRepo.byValues(
        db,
        app.id,
        valid.map((c) => c.row.value),
      )
    ).map((r) => [r.value, r.id]),
  );
  for (const c of valid) {
    const id = existing.get(c.row.value);
    if (id) c.error = partialError(problems.duplicateRule({ id, value: c.row.value }));
  }
  const cap = limitsOf(deps.config, app.tier).rules;
  const adding = list.filter((c) => !c.error).length;
  if (adding > 0 && (await rulesRepo.count(db, app.id)) + adding > cap) {
    return [partialError(problems.ruleCap('You have exceeded the maximum number of rules'))];
  }
  return [];
}

class Rejected extends Error {}

function addResult(sent: string, list: Candidate[], extra: ProblemBody[], created: boolean): RulesResult {
  const errors = [...list.flatMap((c) => (c.error ? [c.error] : [])), ...extra];
  const valid = list.filter((c) => !c.error).length;
  const made = errors.length ? 0 : valid;
  const meta = {
    sent,
    summary: { created: made, not_created: list.length - made, valid, invalid: list.length - valid },
  };
  if (errors.length) return { created: false, body: { meta, errors } };
  return { created, body: { data: list.map((c) => ruleView(c.row)), meta } };
}

/**
 * Adds rules, all or none: one invalid, duplicate or over-cap rule and nothing is stored (ASSUMED,
 * as the summaries of rejected adds show `created: 0`). `created` says whether anything was stored.
 */
export async function addRules(deps: Deps, app: AppRow, rules: AddRule[], dryRun: boolean): Promise<RulesResult> {
  const sent = isoMillis(deps.clock.now());
  const list = candidates(deps, app, rules);
  if (dryRun || list.some((c) => c.error)) {
    const extra = list.some((c) => c.error) ? [] : await storedChecks(deps, deps.db, app, list);
    return addResult(sent, list, extra, false);
  }
  const version = deps.ids.next();
  let extra: ProblemBody[] = [];
  let previous: string | null = null;
  try {
    await deps.db.tx(async (tx) => {
      previous = await rulesRepo.bumpVersion(tx, app.id, version);
      extra = await storedChecks(deps, tx, app, list);
      if (extra.length || list.some((c) => c.error)) throw new Rejected();
      await rulesRepo.insert(
        tx,
        list.map((c) => c.row),
      );
    });
  } catch (err) {
    if (!(err instanceof Rejected)) throw err;
    return addResult(sent, list, extra, false);
  }
  applyChange(deps, app.id, { previous, version, added: list.map((c) => ({ row: c.row, ast: c.ast! })), removed: [] });
  return addResult(sent, list, [], true);
}

/** Deletes by ids and/or values; unknown ones are `not_deleted` with the OBS nested error. */
export async function deleteRules(
  deps: Deps,
  app: AppRow,
  by: { ids?: string[]; values?: string[] } | 'all',
  dryRun: boolean,
): Promise<RulesResult> {
  const sent = isoMillis(deps.clock.now());
  const rows =
    by === 'all'
      ? await rulesRepo.all(deps.db, app.id)
      : [
          ...(await rulesRepo.byIds(deps.db, app.id, by.ids ?? [])),
          ...(await rulesRepo.byValues(deps.db, app.id, by.values ?? [])),
        ];
  const ids = [...new Set(rows.map((r) => r.id))];
  const missing =
    by === 'all'
      ? []
      : [
          ...(by.ids ?? []).filter((id) => !rows.some((r) => r.id === id)),
          ...(by.values ?? []).filter((v) => !rows.some((r) => r.value === v)),
        ];
  if (!dryRun && ids.length) {
    const version = deps.ids.next();
    let previous: string | null = null;
    await deps.db.tx(async (tx) => {
      previous = await rulesRepo.bumpVersion(tx, app.id, version);
      await rulesRepo.remove(tx, app.id, ids);
    });
    applyChange(deps, app.id, { previous, version, added: [], removed: ids });
  }
  const meta = { sent, summary: { deleted: ids.length, not_deleted: missing.length } };
  if (!missing.length) return { created: false, body: { meta } };
  const nested = problems.invalidRequest(missing.map(() => ({ parameters: {}, message: 'Rule does not exist' })));
  return { created: false, body: { meta, errors: [partialError(nested)] } };
}

export type RulesPage = { data?: RuleView[]; meta: { sent: string; result_count: number; next_token?: string } };

/** One page of the app's rules in id order; `after` is the last id of the previous page. */
export async function listRules(
  deps: Deps,
  appId: string,
  q: { ids?: string[]; limit: number; after?: string },
): Promise<RulesPage & { last?: string }> {
  const sent = isoMillis(deps.clock.now());
  const rows = await rulesRepo.page(deps.db, appId, { ids: q.ids, after: q.after, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const out: RulesPage & { last?: string } = { meta: { sent, result_count: page.length } };
  if (page.length) out.data = page.map(ruleView);
  if (rows.length > q.limit) out.last = page[page.length - 1]!.id;
  return out;
}

export const RULES_COUNT_FIELDS = [
  'all_project_client_apps',
  'cap_per_client_app',
  'cap_per_project',
  'client_app_rules_count',
  'project_rules_count',
] as const;

/** GET …/rules/counts: an app is its own project here, so the app and project figures agree. */
export async function ruleCounts(deps: Deps, app: AppRow, fields: readonly string[]): Promise<Record<string, unknown>> {
  const n = await rulesRepo.count(deps.db, app.id);
  const cap = limitsOf(deps.config, app.tier).rules;
  const mine = { client_app_id: app.id, rule_count: n };
  const all: Record<string, unknown> = {
    all_project_client_apps: [mine],
    cap_per_client_app: cap,
    cap_per_project: cap,
    client_app_rules_count: mine,
    project_rules_count: n,
  };
  const wanted = fields.length ? fields : RULES_COUNT_FIELDS;
  return Object.fromEntries(Object.entries(all).filter(([k]) => wanted.includes(k)));
}

/**
 * Why the app's stored rule set no longer fits its current limits, or null when it does. Rules are
 * checked when added, so a set only falls out of step when the limits shrink under it: a move to a
 * tier with fewer or shorter rules, or a server restarted with lower `--stream-rule-cap` /
 * `--stream-rule-length` (as X cut self-serve rule limits under existing projects). Read from the
 * in-memory rule set the connection matches with, so a connect costs no extra query.
 */
export async function rulesNoncompliance(deps: Deps, app: AppRow): Promise<string | null> {
  const { rules, length } = limitsOf(deps.config, app.tier);
  const set = await ruleSet(deps, app.id);
  if (set.rules.size > rules) {
    return `Your rule set holds ${set.rules.size} rules, more than the ${rules} your access level allows. Delete rules to connect.`;
  }
  let longest = 0;
  // Characters, not UTF-16 units, as the length check of an added rule counts them (engine/validate.ts).
  for (const r of set.rules.values()) longest = Math.max(longest, [...r.value].length);
  if (longest > length) {
    return `Your rule set holds a rule of ${longest} characters, longer than the ${length} your access level allows. Delete or shorten it to connect.`;
  }
  return null;
}

/** Whether the app has at least one rule (a stream without rules is refused with 409). */
export const hasRules = async (deps: Deps, appId: string) => (await rulesRepo.count(deps.db, appId)) > 0;

/** The app's rules, oldest first (webhook stream links read them). */
export async function rulesForApp(deps: Deps, appId: string): Promise<RuleView[]> {
  return (await rulesRepo.all(deps.db, appId)).map(ruleView);
}

/**
 * The app's rules a post matches, as `matching_rules` entries (empty: none). Uses the same in-memory
 * rule index as the app's stream connections, current with the store.
 */
export async function matchPostForApp(deps: Deps, appId: string, post: MatchPost): Promise<MatchedRule[]> {
  return matchIn(await ruleSet(deps, appId), preparePost(post, 'stream'));
}
