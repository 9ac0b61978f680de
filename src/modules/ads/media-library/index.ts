// The media library: its routes, what other Ads resources (cards, poll cards, video conversation
// cards, Ads posts) read of it, and the `tweeted` mark Ads posts set.
export { mediaLibraryRoutes } from './media-library.routes.js';
export { libraryMediaByKeys, markTweeted, type LibraryMedia } from './media-library.service.js';
