// Aviary's sample catalog of targetable locations, served by GET targeting_criteria/locations and
// used to resolve LOCATION targeting criteria. The shape of an entry is the real one (ads-api-wire-notes
// §13: `{name, country_code, location_type, targeting_value, targeting_type: "LOCATION"}`; names in the
// style of the docs' "San Francisco-Oakland-San Jose CA, US"), but the entries are Aviary's own sample:
// the real catalog is much larger and its targeting values are not published, so these values are
// opaque hex ids made up by Aviary (the first 16 hex digits of SHA-1 of "aviary-location:<name>").

export const LOCATION_TYPES = ['COUNTRIES', 'REGIONS', 'METROS', 'CITIES', 'POSTAL_CODES'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export type Location = {
  name: string;
  country_code: string;
  location_type: LocationType;
  targeting_value: string;
  targeting_type: 'LOCATION';
};

const loc = (name: string, country_code: string, location_type: LocationType, targeting_value: string): Location => ({
  name,
  country_code,
  location_type,
  targeting_value,
  targeting_type: 'LOCATION',
});

export const LOCATIONS: readonly Location[] = [
  loc('United States', 'US', 'COUNTRIES', '6068bbe9db8907da'),
  loc('Canada', 'CA', 'COUNTRIES', 'c450c8fa4a0a2fb8'),
  loc('United Kingdom', 'GB', 'COUNTRIES', 'eaaa627658039949'),
  loc('Germany', 'DE', 'COUNTRIES', '0f0e8342e7268d53'),
  loc('France', 'FR', 'COUNTRIES', '9f69b7a664bc0553'),
  loc('Spain', 'ES', 'COUNTRIES', '4338923f4fc54773'),
  loc('Italy', 'IT', 'COUNTRIES', 'f498dda3bac8cd17'),
  loc('Japan', 'JP', 'COUNTRIES', '0793acef13399faf'),
  loc('Brazil', 'BR', 'COUNTRIES', 'f59726d630ccc82c'),
  loc('Mexico', 'MX', 'COUNTRIES', 'b44b9b89a27501ab'),
  loc('India', 'IN', 'COUNTRIES', 'eb8c428960091be9'),
  loc('Australia', 'AU', 'COUNTRIES', '4d5f70774d55f7c6'),
  loc('Netherlands', 'NL', 'COUNTRIES', 'c09bc1b71d8a7122'),
  loc('Ireland', 'IE', 'COUNTRIES', '9f4ca437bb97ad3e'),
  loc('South Korea', 'KR', 'COUNTRIES', '8000eec78121427f'),
  loc('California, US', 'US', 'REGIONS', '569d011a64ac36b9'),
  loc('New York, US', 'US', 'REGIONS', 'db8f641fa50ce3b9'),
  loc('Texas, US', 'US', 'REGIONS', 'f2b175d8e9c811ff'),
  loc('Florida, US', 'US', 'REGIONS', '116c98f935bb09cf'),
  loc('Washington, US', 'US', 'REGIONS', '28dd344dd117d78c'),
  loc('Illinois, US', 'US', 'REGIONS', 'bfa49ff621f98ed9'),
  loc('Massachusetts, US', 'US', 'REGIONS', 'cdebd58b2a1c6331'),
  loc('Colorado, US', 'US', 'REGIONS', 'fef41c82bc4c2d7b'),
  loc('Ontario, CA', 'CA', 'REGIONS', 'af9576adcbac2c4c'),
  loc('Bavaria, DE', 'DE', 'REGIONS', '3e78eb4782951d84'),
  loc('San Francisco-Oakland-San Jose CA, US', 'US', 'METROS', 'de4d0f29c5ce3279'),
  loc('New York NY, US', 'US', 'METROS', '0c0757c2132e8f3a'),
  loc('Los Angeles CA, US', 'US', 'METROS', 'c5613c69098e07d5'),
  loc('Chicago IL, US', 'US', 'METROS', '8df95b055ee75051'),
  loc('Seattle-Tacoma WA, US', 'US', 'METROS', '0ffed2b9878e2bb4'),
  loc('Boston MA-Manchester NH, US', 'US', 'METROS', '2df6ffabcb437d61'),
  loc('Dallas-Ft. Worth TX, US', 'US', 'METROS', '37094e6c3313e1a4'),
  loc('Denver CO, US', 'US', 'METROS', 'd74d0372b725eb55'),
  loc('San Francisco, CA, US', 'US', 'CITIES', '1d756a4067669096'),
  loc('Oakland, CA, US', 'US', 'CITIES', '227d407d02b6cbc2'),
  loc('Los Angeles, CA, US', 'US', 'CITIES', '3cdf59447dfc703f'),
  loc('New York, NY, US', 'US', 'CITIES', 'e74b8760cc6e1dd3'),
  loc('Brooklyn, NY, US', 'US', 'CITIES', '424106a6aafae392'),
  loc('Austin, TX, US', 'US', 'CITIES', '33744c2201f5f2ae'),
  loc('Seattle, WA, US', 'US', 'CITIES', 'd14a14bd6d152c38'),
  loc('Chicago, IL, US', 'US', 'CITIES', '8a5d48ff87ad0d8e'),
  loc('Boston, MA, US', 'US', 'CITIES', '4f7e83e959e49fd4'),
  loc('Miami, FL, US', 'US', 'CITIES', '0dc55a329906b4cd'),
  loc('Denver, CO, US', 'US', 'CITIES', '5b2373fc37545be9'),
  loc('Toronto, ON, CA', 'CA', 'CITIES', 'b95e17c6c9fed355'),
  loc('Vancouver, BC, CA', 'CA', 'CITIES', 'e60770bb4df282e7'),
  loc('London, England, GB', 'GB', 'CITIES', 'e0d574e145df9827'),
  loc('Manchester, England, GB', 'GB', 'CITIES', 'e52b15a8601427d1'),
  loc('Berlin, DE', 'DE', 'CITIES', '03ada19e869eefc7'),
  loc('Munich, Bavaria, DE', 'DE', 'CITIES', '1a4696d96cc5ee89'),
  loc('Paris, Île-de-France, FR', 'FR', 'CITIES', '1c154d1d9b59b570'),
  loc('Madrid, ES', 'ES', 'CITIES', '989b662e8eb70907'),
  loc('Tokyo, JP', 'JP', 'CITIES', '5286c62be0b9e5d2'),
  loc('São Paulo, BR', 'BR', 'CITIES', '815fe8b6ab4eb792'),
  loc('Mexico City, MX', 'MX', 'CITIES', '7d2b8a60b660daea'),
  loc('Sydney, New South Wales, AU', 'AU', 'CITIES', '0f4d7996c24ee69b'),
  loc('Dublin, IE', 'IE', 'CITIES', '83f663a5b5ceaf48'),
  loc('94103, CA, US', 'US', 'POSTAL_CODES', '8b2d9066022912c2'),
  loc('10001, NY, US', 'US', 'POSTAL_CODES', '0b1200354043858b'),
  loc('78701, TX, US', 'US', 'POSTAL_CODES', 'e591c8ee7c98e0bd'),
  loc('SW1A, England, GB', 'GB', 'POSTAL_CODES', 'd0bb08450d4bd3ea'),
];

const BY_VALUE = new Map(LOCATIONS.map((l) => [l.targeting_value, l]));

export function locationByValue(value: string): Location | undefined {
  return BY_VALUE.get(value);
}

/**
 * A criterion's `location_type` is singular (`"location_type": "CITY"` in the docs' criterion example,
 * notes §8.4), the locations filter's values plural (§13).
 */
export const CRITERION_LOCATION_TYPE: Record<LocationType, string> = {
  COUNTRIES: 'COUNTRY',
  REGIONS: 'REGION',
  METROS: 'METRO',
  CITIES: 'CITY',
  POSTAL_CODES: 'POSTAL_CODE',
};
