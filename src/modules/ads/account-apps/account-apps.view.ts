// Account apps on the wire (seed, "Account app").
import { adsTime } from '../kit/time.js';
import type { AccountAppRow } from './account-apps.repo.js';

export function accountAppView(r: AccountAppRow) {
  return {
    id: r.id,
    app_store_identifier: r.app_store_identifier,
    conversion_tracking_enabled: Boolean(r.conversion_tracking_enabled),
    deep_link_pattern: r.deep_link_pattern,
    os_type: r.os_type,
    created_at: adsTime(r.created_at),
    updated_at: adsTime(r.updated_at),
    deleted: Boolean(r.deleted),
  };
}
