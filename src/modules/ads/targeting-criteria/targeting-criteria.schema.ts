// The parameters of targeting criteria (ads-api-wire-notes §8.4, §13), shared by the single calls and
// the batch's operations.
import { bool, oneOf, required, str, withDefault } from '../../../http/input.js';
import { id36, ids36 } from '../kit/ids.js';
import { LOCATION_TYPES } from './locations.data.js';
import { OPERATOR_TYPES, TARGETING_TYPES } from './targeting-criteria.rules.js';

/** ISO-639-1 (notes §8.4: `lang` adds `localized_name`). */
const LANG = str({ pattern: /^[a-z]{2}$/ });

export const SORTABLE = ['created_at', 'updated_at', 'deleted'] as const;

export const LIST = {
  line_item_ids: required(ids36({ max: 200 })),
  targeting_criterion_ids: ids36({ max: 200 }),
  lang: LANG,
};

export const GET = { lang: LANG, with_deleted: withDefault(bool(), false) };

export const CREATE = {
  line_item_id: required(id36()),
  targeting_type: required(oneOf(TARGETING_TYPES)),
  targeting_value: required(str({ min: 1, max: 255 })),
  // Required in the docs' parameter list, yet their example omits it and gets EQ (notes §8.4).
  operator_type: withDefault(oneOf(OPERATOR_TYPES), 'EQ'),
};

export const DELETE = { targeting_criterion_id: required(id36()) };

export const LOCATIONS = {
  country_code: str({ pattern: /^[A-Za-z]{2}$/ }),
  location_type: oneOf(LOCATION_TYPES),
  q: str({ min: 1, max: 255 }),
};
