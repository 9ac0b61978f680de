// Promotable users on the wire (notes §7: the docs' object).
import { adsTime } from '../kit/time.js';
import type { PromotableUserRow } from './promotable-users.repo.js';

export function promotableUserView(r: PromotableUserRow) {
  return {
    user_id: r.user_id,
    id: r.id,
    created_at: adsTime(r.created_at),
    updated_at: adsTime(r.updated_at),
    deleted: Boolean(r.deleted),
    promotable_user_type: r.promotable_user_type,
  };
}
