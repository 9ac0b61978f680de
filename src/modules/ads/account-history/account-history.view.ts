// History entries on the wire (seed, "History entry").
import { adsTime } from '../kit/time.js';
import type { HistoryRow } from './account-history.repo.js';

export function historyView(r: HistoryRow) {
  return {
    change_time: adsTime(r.change_time),
    change_type: r.change_type,
    change_by: { user_id: r.user_id, platform: r.platform },
    changes: JSON.parse(r.changes) as Record<string, unknown>,
    entity: r.entity_type,
    entity_id: r.entity_id,
    entity_data: JSON.parse(r.entity_data) as Record<string, unknown>,
  };
}
