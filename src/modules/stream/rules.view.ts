// Rules and their page tokens on the wire.
import type { RuleRow } from './rules.repo.js';

export type RuleView = { id: string; value: string; tag?: string };

/** `tag` only when the rule has one (SPEC `Rule`: only `value` is required). */
export function ruleView(r: RuleRow): RuleView {
  return r.tag ? { id: r.id, value: r.value, tag: r.tag } : { id: r.id, value: r.value };
}

// SPEC: the rules `pagination_token` is exactly 16 characters; a rule id in base 36, zero-padded, is.
export function ruleToken(lastId: string): string {
  return BigInt(lastId).toString(36).padStart(16, '0');
}

export function ruleCursor(token: string): string | null {
  if (!/^[0-9a-z]{16}$/.test(token)) return null;
  let n = 0n;
  for (const ch of token) n = n * 36n + BigInt(parseInt(ch, 36));
  return n.toString();
}
