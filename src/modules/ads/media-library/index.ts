// The media library: what other Ads resources (cards, poll cards, video conversation cards, Ads posts)
// read of it and the `tweeted` mark Ads posts set.
export { libraryMediaByKeys, markTweeted, type LibraryMedia } from './media-library.service.js';
