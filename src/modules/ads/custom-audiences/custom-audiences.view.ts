// Custom audiences on the wire (notes §10.1: the docs' POST example; PUT's example adds `is_owner`).
import { adsTime } from '../kit/time.js';
import type { AudienceRow } from './custom-audiences.repo.js';
import type { AudienceStatus } from './custom-audiences.rules.js';

/** How the viewing account holds the audience: its owner (READ_WRITE) or a grantee at a level. */
export type Holding = { isOwner: boolean; level: string };

export function audienceView(r: AudienceRow, status: AudienceStatus, h: Holding) {
  return {
    targetable: status.targetable,
    name: r.name,
    targetable_types: ['CRM', 'EXCLUDED_CRM'],
    audience_type: 'CRM',
    description: r.description,
    permission_level: h.level,
    owner_account_id: r.account_id,
    is_owner: h.isOwner,
    id: r.id,
    reasons_not_targetable: status.reasons_not_targetable,
    created_at: adsTime(r.created_at),
    updated_at: adsTime(r.updated_at),
    partner_source: 'OTHER',
    deleted: Boolean(r.deleted),
    audience_size: status.audience_size,
  };
}

/** A `targeted` entry (seed "Targeted-by entry"): a campaign and its line items targeting the audience. */
export type TargetedEntry = {
  campaign_id: string;
  campaign_name: string;
  line_items: { id: string; name: string | null; servable: boolean }[];
};
