// Funding instruments: what other Ads resources may use.
export { fundingInstrumentById, type FundingInstrumentRow } from './funding-instruments.repo.js';
