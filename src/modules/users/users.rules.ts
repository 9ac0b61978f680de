// Rules over the acting user's app that writes in several modules apply (posts, follows, likes),
// kept in the lowest module they share so that none of them imports another for it.
import { problems } from '../../shared/problems.js';
import type { Actor } from '../../shared/selection.js';

/** Tiers a developer signs up for on their own; enterprise is the only contracted one. */
export const SELF_SERVE = new Set(['free', 'basic', 'pro', 'pay-per-use']);

/** Likes and follows by POST were removed from self-serve tiers (seed, Other v2 endpoints). */
export function checkEnrolled(actor: Actor): void {
  if (SELF_SERVE.has(actor.app.tier))
    throw problems.clientForbidden({ reason: 'client-not-enrolled', client_id: actor.app.client_id });
}
