// A connection on the wire (SPEC `Connection`): `endpoint_name` and `connected_at` always, the
// disconnect time and reason once it has ended, `client_ip` and `id` (the uuid DELETE takes) when
// asked for with `connection.fields`.
import { isoMillis } from '../../shared/clock.js';
import type { ConnectionRow } from './connections.repo.js';

export function connectionView(r: ConnectionRow, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { endpoint_name: r.endpoint_name, connected_at: isoMillis(r.connected_at) };
  if (r.disconnected_at !== null) {
    out.disconnected_at = isoMillis(r.disconnected_at);
    out.disconnect_reason = r.disconnect_reason;
  }
  if (fields.includes('client_ip') && r.client_ip) out.client_ip = r.client_ip;
  if (fields.includes('id')) out.id = r.uuid;
  return out;
}
