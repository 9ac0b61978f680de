// Webhook configs on the wire (SPEC WebhookConfig: created_at, id, url, valid).
import { isoMillis } from '../../shared/clock.js';
import type { WebhookRow } from './webhooks.repo.js';

export const WEBHOOK_FIELDS = ['created_at', 'id', 'url', 'valid'] as const;

/** All four fields by default (DOCS example); with `webhook_config.fields`, id plus those asked for. */
export function webhookView(w: WebhookRow, fields?: readonly string[]) {
  const all = { created_at: isoMillis(w.created_at), id: w.id, url: w.url, valid: w.valid === 1 };
  if (!fields) return all;
  const out: Record<string, unknown> = { id: w.id };
  for (const f of WEBHOOK_FIELDS) if (fields.includes(f)) out[f] = all[f];
  return out;
}
