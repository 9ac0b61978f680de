// Causes the public API cannot produce, for the control API: a user protected, suspended, deactivated,
// withheld or geo-scrubbed, a post withheld, dropped or labelled. Each changes what the store keeps
// (the users table's `protected`, compliance_user_states) and writes its compliance event in the
// same transaction (STYLE: outbox), which the compliance streams carry and batch jobs read.
import type { Deps } from '../../deps.js';
import { enqueueSource } from '../../delivery/index.js';
import { problems } from '../../shared/problems.js';
import type { Queryable } from '../../store/index.js';
import { requirePost } from '../posts/index.js';
import { requireUser, updateUserProfile } from '../users/index.js';
import { jobsRepo, type UserState } from './jobs.repo.js';

export const USER_ACTIONS = [
  'protect',
  'unprotect',
  'suspend',
  'unsuspend',
  'deactivate',
  'reactivate',
  'withhold',
  'scrub_geo',
] as const;
export const POST_ACTIONS = ['withhold', 'drop', 'undrop', 'label', 'unlabel'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
export type PostAction = (typeof POST_ACTIONS)[number];

const COUNTRY = /^[A-Z]{2}$/;
function countriesOf(c: string[] | undefined): string[] {
  if (!c?.length || !c.every((x) => COUNTRY.test(x)))
    throw problems.invalidParam('countries', JSON.stringify(c ?? []), 'countries must be ISO 3166-1 alpha-2 codes');
  return c;
}

function nextState(s: UserState, action: UserAction, now: number, countries?: string[]): UserState {
  const n = { ...s, updated_at: now };
  if (action === 'protect') n.protected_at = now;
  if (action === 'unprotect') n.protected_at = null;
  if (action === 'suspend') n.suspended_at = now;
  if (action === 'unsuspend') n.suspended_at = null;
  if (action === 'deactivate') n.deactivated_at = now;
  if (action === 'reactivate') n.deactivated_at = null;
  if (action === 'withhold') n.withheld_in_countries = JSON.stringify(countries);
  return n;
}

async function emit(deps: Deps, tx: Queryable, topic: string, payload: Record<string, unknown>) {
  await enqueueSource(deps, tx, { topic, payload });
}

/** POST /_aviary/users/{id}/compliance. */
export async function userCompliance(
  deps: Deps,
  userId: string,
  b: { action: UserAction; countries?: string[]; up_to_tweet_id?: string },
) {
  await requireUser(deps, userId);
  const countries = b.action === 'withhold' ? countriesOf(b.countries) : undefined;
  if (b.action === 'scrub_geo' && !b.up_to_tweet_id)
    throw problems.invalidParam('up_to_tweet_id', '', 'up_to_tweet_id is required for scrub_geo');
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    if (b.action === 'protect' || b.action === 'unprotect')
      await updateUserProfile(tx, userId, { protected: b.action === 'protect' });
    const [was] = await jobsRepo.userStates(tx, [userId]);
    const blank: UserState = {
      user_id: userId,
      protected_at: null,
      suspended_at: null,
      deactivated_at: null,
      withheld_in_countries: null,
      updated_at: now,
    };
    const state = nextState(was ?? blank, b.action, now, countries);
    await jobsRepo.saveUserState(tx, state);
    await emit(deps, tx, 'compliance.user', {
      user_id: userId,
      action: b.action,
      ...(countries ? { countries } : {}),
      ...(b.up_to_tweet_id ? { up_to_tweet_id: b.up_to_tweet_id } : {}),
    });
    return { ...state, action: b.action, withheld_in_countries: countries ?? null };
  });
}

export type LabelInput = {
  kind?: 'notice' | 'unviewable';
  event_type?: string;
  details?: string;
  label_title?: string;
  extended_details_url?: string;
};

/** POST /_aviary/posts/{id}/compliance. */
export async function postCompliance(
  deps: Deps,
  postId: string,
  b: { action: PostAction; countries?: string[] } & LabelInput,
) {
  const post = await requirePost(deps, postId);
  const base = { post_id: post.id, author_id: post.author_id };
  await deps.db.tx(async (tx) => {
    if (b.action === 'label' || b.action === 'unlabel') {
      const application = b.action === 'label' ? 'apply' : 'remove';
      const kind = b.kind ?? 'notice';
      const notice =
        kind === 'notice'
          ? {
              event_type: b.event_type ?? 'misleading',
              details: b.details,
              label_title: b.label_title,
              extended_details_url: b.extended_details_url,
            }
          : {};
      await emit(deps, tx, 'compliance.label', { ...base, kind, application, ...notice });
    } else {
      const countries = b.action === 'withhold' ? countriesOf(b.countries) : undefined;
      await emit(deps, tx, 'compliance.post', { ...base, action: b.action, ...(countries ? { countries } : {}) });
    }
  });
  return { ...base, action: b.action };
}
