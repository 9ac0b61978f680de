// Campaigns: what other Ads resources may use.
export { campaignById, type CampaignRow } from './campaigns.repo.js';
