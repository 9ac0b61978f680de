// Audience permissions on the wire: the seed's "Tailored audience permission" fields, in the order of
// the docs' v5 example (notes §10.1). The v12 path answers the same object: no other shape is shown.
import { adsTime } from '../kit/time.js';
import type { PermissionRow } from './audience-permissions.repo.js';

export function permissionView(r: PermissionRow) {
  return {
    tailored_audience_id: r.custom_audience_id,
    permission_level: r.permission_level,
    id: r.id,
    created_at: adsTime(r.created_at),
    granted_account_id: r.granted_account_id,
    updated_at: adsTime(r.updated_at),
    deleted: Boolean(r.deleted),
  };
}
