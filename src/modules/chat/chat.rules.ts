// Conversation ids of X Chat (SPEC 2.166 ChatConversationOrRecipientId): a path names a one-to-one
// conversation by the other user's id or by the pair `a-b`, and a group by `g<digits>`. The canonical
// id of a one-to-one is the pair low id first (`123-456`, as for DMs); inside events the pair is
// joined by a colon (`123:456`, SPEC ChatMessageEvent.conversation_id). Pure, unit-tested beside.
import { problems } from '../../shared/problems.js';

export const CONVERSATION_PATH = /^([0-9]{1,19}|[0-9]{1,19}-[0-9]{1,19}|g[0-9]{1,19})$/;

export type Target = { type: 'direct'; id: string; other: string } | { type: 'group'; id: string };

const pair = (a: string, b: string) => (BigInt(a) < BigInt(b) ? `${a}-${b}` : `${b}-${a}`);

/** The conversation a path id names for the caller; a pair must include the caller. */
export function targetOf(raw: string, callerId: string, parameter = 'id'): Target {
  if (!CONVERSATION_PATH.test(raw))
    throw problems.invalidParam(
      parameter,
      raw,
      `The \`${parameter}\` value [${raw}] does not match ${CONVERSATION_PATH.source}`,
    );
  if (raw.startsWith('g')) return { type: 'group', id: raw };
  const [a, b] = raw.includes('-') ? raw.split('-') : [callerId, raw];
  const other = a === callerId ? b! : b === callerId ? a! : null;
  if (other === null) return { type: 'direct', id: pair(a!, b!), other: '' };
  if (other === callerId) throw problems.invalidParam(parameter, raw, 'You cannot start a conversation with yourself.');
  return { type: 'direct', id: pair(callerId, other), other };
}

/** The id as events carry it: `a:b` for a one-to-one, the group id as it is. */
export const eventConversationId = (id: string) => id.replace('-', ':');

/** Base64 (standard or URL alphabet) as the spec's encoded fields use it. */
export const BASE64 = /^[A-Za-z0-9+/=_-]+$/;

/** A TTL given as a numeric string (SPEC `ttl_msec`), in milliseconds; undefined when absent. */
export function ttlOf(raw: string | undefined, parameter: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(raw))
    throw problems.invalidParam(parameter, raw, `The \`${parameter}\` value [${raw}] is not a number of milliseconds`);
  return Number(raw) || undefined;
}
