// Funding instruments: routes, and what other Ads resources may use.
export {
  fundingInstrumentById,
  fundingInstrumentsByIds,
  type FundingInstrumentRow,
} from './funding-instruments.repo.js';
export { fundingState } from './funding-instruments.rules.js';
export { fundingInstrumentsRoutes } from './funding-instruments.routes.js';
export { adsFundingInstrumentsAdminRoutes } from './funding-instruments.admin.js';
export { createFundingInstrument } from './funding-instruments.service.js';
