// Ads accounts on the wire (notes §6, §7: the v12 account object).
import type { AdsAccountRow } from '../kit/account.js';
import { adsTime, adsTimeOrNull } from '../kit/time.js';

export function accountView(a: AdsAccountRow) {
  return {
    name: a.name,
    business_name: a.business_name,
    timezone: a.timezone,
    timezone_switch_at: adsTimeOrNull(a.timezone_switch_at),
    id: a.id,
    created_at: adsTime(a.created_at),
    updated_at: adsTime(a.updated_at),
    industry_type: a.industry_type,
    business_id: a.business_id,
    approval_status: a.approval_status,
    deleted: Boolean(a.deleted),
  };
}
