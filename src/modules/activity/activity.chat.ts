// X Chat source events (written by modules/chat in the transaction of the change): chat.sent
// {…message event, recipient_ids} becomes chat.sent for the sender and chat.received for each
// recipient; chat.conversation_join {…key change event, recipient_ids} becomes chat.conversation_join
// for each user added. The payload is the event itself, as DOCS x-api/activity/event-payloads.mdx
// shows for `chat.*` (notes §6.2): only encrypted contents, so there is no text to match keywords on.
import type { Expansion, Item } from './activity.sources.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export function chatEvent(topic: 'chat.sent' | 'chat.conversation_join', p: Obj): Expansion {
  const { recipient_ids: recipients, ...payload } = p as { recipient_ids?: unknown } & Obj;
  const others = Array.isArray(recipients) ? recipients.map(String) : [];
  const items: Item[] = [];
  if (topic === 'chat.sent') {
    items.push({ kind: 'chat.sent', userId: String(p.sender_id), direction: 'outbound', payload });
    for (const r of others) items.push({ kind: 'chat.received', userId: r, direction: 'inbound', payload });
  } else {
    for (const r of others) items.push({ kind: 'chat.conversation_join', userId: r, direction: 'inbound', payload });
  }
  return { items };
}
