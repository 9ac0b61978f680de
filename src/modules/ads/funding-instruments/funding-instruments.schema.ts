// The parameters of a new funding instrument (notes §6, §13), shared by the sandbox POST (query or
// form, read by the Ads kit) and the control API (JSON, read by readControl).
import { int, oneOf, required, str, time } from '../../../http/input.js';
import { CURRENCIES } from './currencies.js';
import { FUNDING_INSTRUMENT_TYPES } from './funding-instruments.rules.js';

/** `*_local_micro` amounts: integers, never negative (notes §1). */
export const MICROS = int({ min: 0, max: Number.MAX_SAFE_INTEGER });

/** ISO-4217 (DOCS); the message is Aviary's, in the pattern of the real ones (notes §3.2). */
export const CURRENCY = str({
  pattern: new RegExp(`^(?:${CURRENCIES.join('|')})$`),
  message: 'Expected an ISO-4217 currency code, got "{v}" for currency',
});

export const CREATE_FUNDING_INSTRUMENT = {
  currency: required(CURRENCY),
  start_time: required(time()),
  type: required(oneOf(FUNDING_INSTRUMENT_TYPES)),
  end_time: time(),
  credit_limit_local_micro: MICROS,
  funded_amount_local_micro: MICROS,
};
