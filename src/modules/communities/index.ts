// What other modules may use of communities: the routes (mounted by app.ts), the control routes, the
// check post creation makes of `community_id`, and creation for the seed.
export { communitiesRoutes } from './communities.routes.js';
export { communitiesAdminRoutes } from './communities.admin.js';
export { checkCommunityPost, createCommunity, setMember as setCommunityMember } from './communities.service.js';
