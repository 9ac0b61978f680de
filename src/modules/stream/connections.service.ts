// Connection management (notes §8.3): the app's streaming-connection history, and ending active
// connections — all, by endpoint, or by uuid. A connection of this process ends at once with the
// in-stream `operational-disconnect` error; one held by another process is flagged and ended by it
// within about a second.
import type { Deps } from '../../deps.js';
import { decodeToken, encodeToken } from '../../shared/cursor.js';
import { problems } from '../../shared/problems.js';
import { connectionsRepo, type ConnectionRow } from './connections.repo.js';
import { connectionView } from './connections.view.js';
import { disconnect, hubOf } from './stream.hub.js';

export const ENDPOINTS = [
  'filtered_stream',
  'sample_stream',
  'sample10_stream',
  'firehose_stream',
  'tweets_compliance_stream',
  'users_compliance_stream',
  'tweet_label_stream',
  'firehose_stream_lang_en',
  'firehose_stream_lang_ja',
  'firehose_stream_lang_ko',
  'firehose_stream_lang_pt',
  'likes_firehose_stream',
  'likes_sample10_stream',
  'likes_compliance_stream',
] as const;
export const CONNECTION_FIELDS = [
  'client_ip',
  'connected_at',
  'disconnect_reason',
  'disconnected_at',
  'endpoint_name',
  'id',
] as const;

export type HistoryQuery = {
  status: 'active' | 'inactive' | 'all';
  endpoints: string[];
  limit: number;
  token?: string;
  fields: readonly string[];
};

export async function listConnections(deps: Deps, appId: string, q: HistoryQuery) {
  const position = q.token === undefined ? null : decodeToken(q.token);
  if (q.token !== undefined && position?.dir !== 'next') {
    throw problems.invalidParam(
      'pagination_token',
      q.token,
      `The \`pagination_token\` query parameter value [${q.token}] is not valid`,
    );
  }
  const rows = await connectionsRepo.list(deps.db, appId, {
    status: q.status,
    endpoints: q.endpoints,
    before: position?.cursor ?? null,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const meta: { result_count: number; next_token?: string } = { result_count: page.length };
  if (rows.length > q.limit) meta.next_token = encodeToken({ dir: 'next', cursor: page[page.length - 1]!.id });
  return page.length ? { data: page.map((r) => connectionView(r, q.fields)), meta } : { meta };
}

type KillResult = { uuid: string; success: boolean; error_message?: string };

async function kill(deps: Deps, row: ConnectionRow): Promise<void> {
  const hub = hubOf(deps);
  const conn = hub.conns.get(row.uuid);
  if (conn) return disconnect(hub, conn, 'ForceDisconnect');
  // Ours but no longer open here: its close is already on the way; anyone else's is flagged.
  if (row.holder !== hub.holder) await connectionsRepo.requestKill(deps.db, [row.uuid]);
}

/** DELETE /2/connections/all, /2/connections/{endpoint_id}, /2/connections {uuids}. */
export async function killConnections(deps: Deps, appId: string, target: { endpoint?: string; uuids?: string[] }) {
  const rows = await connectionsRepo.openOf(deps.db, appId, target);
  const results: KillResult[] = [];
  for (const row of rows) {
    await kill(deps, row);
    results.push({ uuid: row.uuid, success: true });
  }
  for (const uuid of target.uuids ?? []) {
    if (!rows.some((r) => r.uuid === uuid))
      results.push({ uuid, success: false, error_message: 'No active connection with this uuid was found.' });
  }
  const ok = results.filter((r) => r.success).length;
  return { data: { successful_kills: ok, failed_kills: results.length - ok, results } };
}
