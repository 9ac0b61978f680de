// A fixed, built-in gazetteer: the places posts can be tagged with (`geo.place_id`) and that
// `place_country:`, `bounding_box:` and `place:` queries match. Ids are 16 hex digits like the real
// ones; bounding boxes are [west_long, south_lat, east_long, north_lat].
export type PlaceRecord = {
  id: string;
  name: string;
  full_name: string;
  country: string;
  country_code: string;
  place_type: 'city' | 'admin' | 'country' | 'poi' | 'neighborhood';
  bbox: [number, number, number, number];
  contained_within?: string[];
};

export const PLACES: readonly PlaceRecord[] = [
  {
    id: '5a110d312052166f',
    name: 'San Francisco',
    full_name: 'San Francisco, CA',
    country: 'United States',
    country_code: 'US',
    place_type: 'city',
    bbox: [-122.514926, 37.708075, -122.357031, 37.833238],
  },
  {
    id: '01a9a39529b27f36',
    name: 'Manhattan',
    full_name: 'Manhattan, NY',
    country: 'United States',
    country_code: 'US',
    place_type: 'city',
    bbox: [-74.026675, 40.683935, -73.910408, 40.877483],
  },
  {
    id: '3b77caf94bfc81fe',
    name: 'Los Angeles',
    full_name: 'Los Angeles, CA',
    country: 'United States',
    country_code: 'US',
    place_type: 'city',
    bbox: [-118.668404, 33.704538, -118.155409, 34.337041],
  },
  {
    id: '1d9a5370a355ab0c',
    name: 'Chicago',
    full_name: 'Chicago, IL',
    country: 'United States',
    country_code: 'US',
    place_type: 'city',
    bbox: [-87.940033, 41.644102, -87.523993, 42.023067],
  },
  {
    id: 'c3f37afa9efcf94b',
    name: 'Austin',
    full_name: 'Austin, TX',
    country: 'United States',
    country_code: 'US',
    place_type: 'city',
    bbox: [-97.928935, 30.127892, -97.580513, 30.518799],
  },
  {
    id: '96683cc9126741d1',
    name: 'United States',
    full_name: 'United States',
    country: 'United States',
    country_code: 'US',
    place_type: 'country',
    bbox: [-179.231086, 13.182335, 179.859685, 71.434357],
  },
  {
    id: '457b4814b4240d87',
    name: 'London',
    full_name: 'London, England',
    country: 'United Kingdom',
    country_code: 'GB',
    place_type: 'city',
    bbox: [-0.187894, 51.483718, -0.109978, 51.562598],
  },
  {
    id: '09f6a7707f18e0b1',
    name: 'Paris',
    full_name: 'Paris, France',
    country: 'France',
    country_code: 'FR',
    place_type: 'city',
    bbox: [2.224101, 48.815573, 2.46992, 48.902145],
  },
  {
    id: '3078869807f9dd36',
    name: 'Berlin',
    full_name: 'Berlin, Deutschland',
    country: 'Deutschland',
    country_code: 'DE',
    place_type: 'city',
    bbox: [13.088304, 52.338079, 13.760909, 52.675323],
  },
  {
    id: '206e932cc0e89fa2',
    name: 'Madrid',
    full_name: 'Madrid, España',
    country: 'España',
    country_code: 'ES',
    place_type: 'city',
    bbox: [-3.888954, 40.312064, -3.517916, 40.64337],
  },
  {
    id: '0ce8b3c5bd1f1f7a',
    name: 'São Paulo',
    full_name: 'São Paulo, Brasil',
    country: 'Brasil',
    country_code: 'BR',
    place_type: 'city',
    bbox: [-46.826039, -24.008814, -46.365052, -23.356792],
  },
  {
    id: '1ebe3b2a0b1d3e4f',
    name: 'Ciudad de México',
    full_name: 'Ciudad de México, México',
    country: 'México',
    country_code: 'MX',
    place_type: 'city',
    bbox: [-99.364924, 19.048237, -98.940303, 19.592757],
  },
  {
    id: '8e3e2c3b3e2b4c5d',
    name: 'Tokyo',
    full_name: 'Tokyo, Japan',
    country: 'Japan',
    country_code: 'JP',
    place_type: 'admin',
    bbox: [138.942922, 24.224017, 142.104045, 35.898368],
  },
  {
    id: '2c3d1a9b4f5e6a7b',
    name: 'Seoul',
    full_name: 'Seoul, Republic of Korea',
    country: 'Republic of Korea',
    country_code: 'KR',
    place_type: 'city',
    bbox: [126.764832, 37.428713, 127.18366, 37.701505],
  },
  {
    id: '7d5e6f8a9b0c1d2e',
    name: 'Mumbai',
    full_name: 'Mumbai, India',
    country: 'India',
    country_code: 'IN',
    place_type: 'city',
    bbox: [72.776333, 18.893957, 72.979731, 19.270177],
  },
  {
    id: '4f5a6b7c8d9e0f1a',
    name: 'Sydney',
    full_name: 'Sydney, New South Wales',
    country: 'Australia',
    country_code: 'AU',
    place_type: 'city',
    bbox: [150.520929, -34.118347, 151.343021, -33.578141],
  },
  {
    id: '6a7b8c9d0e1f2a3b',
    name: 'Lagos',
    full_name: 'Lagos, Nigeria',
    country: 'Nigeria',
    country_code: 'NG',
    place_type: 'city',
    bbox: [3.098273, 6.393326, 3.69601, 6.70288],
  },
  {
    id: '9b0c1d2e3f4a5b6c',
    name: 'Toronto',
    full_name: 'Toronto, Ontario',
    country: 'Canada',
    country_code: 'CA',
    place_type: 'city',
    bbox: [-79.639319, 43.403221, -78.90582, 43.855401],
  },
];

const BY_ID = new Map(PLACES.map((p) => [p.id, p]));
export const placeById = (id: string): PlaceRecord | undefined => BY_ID.get(id);
