// The v1.1 user object of `GET /1.1/account/verify_credentials.json` (DOCS-OLD
// accounts-and-users/manage-account-settings/api-reference/get-account-verify_credentials; the
// fields twitter-api-v2's `UserV1` reads): the legacy user the Account Activity bodies already carry,
// plus the profile fields and flags of the full object, `status` and `email` when asked for.
import { legacyTweet, legacyUser } from '../account-activity/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export type VerifyOptions = { includeEntities: boolean; skipStatus: boolean; includeEmail: boolean };

/** `user` and `latest` are v2 wire objects (users.view, posts.view) with every field rendered. */
export function verifiedUserV1(user: Obj, latest: Obj | null, email: string | null, o: VerifyOptions): Obj {
  const base = legacyUser(user)!;
  const image = String(base.profile_image_url_https ?? '');
  const defaultImage = image.includes('default_profile_images');
  const out: Obj = {
    ...base,
    ...(o.includeEntities ? { entities: userEntities(user) } : {}),
    utc_offset: null,
    time_zone: null,
    geo_enabled: false,
    lang: null,
    contributors_enabled: false,
    is_translator: false,
    is_translation_enabled: false,
    profile_background_color: 'F5F8FA',
    profile_background_image_url: null,
    profile_background_image_url_https: null,
    profile_background_tile: false,
    profile_image_url: image.replace(/^https:/, 'http:'),
    profile_link_color: '1DA1F2',
    profile_sidebar_border_color: 'C0DEED',
    profile_sidebar_fill_color: 'DDEEF6',
    profile_text_color: '333333',
    profile_use_background_image: true,
    has_extended_profile: false,
    default_profile: true,
    default_profile_image: defaultImage,
    following: false,
    follow_request_sent: false,
    notifications: false,
    translator_type: 'none',
    withheld_in_countries: [],
    suspended: false,
    needs_phone_verification: false,
  };
  if (!o.skipStatus && latest) {
    // The embedded status has no `user` (the real object omits it there).
    const { user: _u, ...status } = legacyTweet(latest, [user]);
    out.status = o.includeEntities ? status : { ...status, entities: undefined };
  }
  // Only with include_email=true, and only when the account has an address (DOCS-OLD: "If the user
  // does not have an email address on their account … the email property will not be returned").
  if (o.includeEmail && email) out.email = email;
  return out;
}

/** v1.1 user entities: `url` (the profile link) and `description` (its URLs). */
function userEntities(user: Obj): Obj {
  const e = user.entities ?? {};
  const urls = (list: Obj[] | undefined) =>
    (list ?? []).map((u) => ({
      url: u.url,
      expanded_url: u.expanded_url,
      display_url: u.display_url,
      indices: [u.start, u.end],
    }));
  return {
    ...(e.url ? { url: { urls: urls(e.url.urls) } } : {}),
    description: { urls: urls(e.description?.urls) },
  };
}
