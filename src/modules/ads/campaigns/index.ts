// Campaigns: routes, and what other Ads resources may use.
export { campaignById, type CampaignRow } from './campaigns.repo.js';
export { campaignsRoutes } from './campaigns.routes.js';
export { createInTx as createCampaignInTx, write as writeCampaign } from './campaigns.service.js';
