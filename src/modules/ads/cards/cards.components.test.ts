import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  cardTypeOf,
  mediaErrors,
  mediaRefs,
  readCardBody,
  renderComponents,
  type CardInput,
  type CardMedia,
  type MediaType,
} from './cards.components.js';

const codes = (body: unknown, mode: 'create' | 'update' = 'create') =>
  readCardBody(body, mode).errors.map((e) => [e.code, e.parameter]);

const MEDIA = { type: 'MEDIA', media_key: '3_1' };
const SITE = { type: 'DETAILS', title: 'Hi', destination: { type: 'WEBSITE', url: 'https://example.com' } };
const APP = { type: 'APP', country_code: 'US', googleplay_app_id: 'com.example' };
const BUTTON = { type: 'BUTTON', label: { type: 'ENUM', value: 'INSTALL' }, destination: APP };
const card = (...components: unknown[]) => ({ name: 'c', components });
const at = (c: unknown) => codes(card(MEDIA, c));

test('a good card of each kind reads without errors', () => {
  assert.deepEqual(codes(card(MEDIA, SITE)), []);
  assert.deepEqual(codes(card(BUTTON, MEDIA)), []);
  assert.deepEqual(codes(card({ type: 'SWIPEABLE_MEDIA', media_keys: ['3_1', '13_2'] }, SITE)), []);
  assert.deepEqual(
    codes({
      name: 'c',
      slides: [
        [MEDIA, SITE],
        [SITE, MEDIA],
      ],
    }),
    [],
  );
  // fields the SDKs send back are ignored
  const loaded = { ...MEDIA, media_metadata: { '3_1': { type: 'IMAGE' } } };
  const echoed = { ...SITE, destination: { ...SITE.destination, tco_url: 'https://t.co/x' } };
  assert.deepEqual(readCardBody(card(loaded, echoed), 'create').value.components, [MEDIA, SITE]);
});

test('name: required on create, 1 to 80 characters, a string', () => {
  assert.deepEqual(codes({ components: [MEDIA, SITE] }), [['MISSING_PARAMETER', 'name']]);
  assert.deepEqual(codes({ components: [MEDIA, SITE] }, 'update'), []);
  for (const name of ['', 'x'.repeat(81), 7])
    assert.deepEqual(codes({ name, components: [MEDIA, SITE] }), [['INVALID_PARAMETER', 'name']]);
  assert.deepEqual(codes({ name: 'é'.repeat(80), components: [MEDIA, SITE] }), []);
});

test('exactly one of components or slides; the body an object', () => {
  assert.deepEqual(codes({ name: 'c' }), [['MISSING_PARAMETER', 'components']]);
  assert.deepEqual(codes({ name: 'c' }, 'update'), []);
  assert.deepEqual(codes({ name: 'c', components: [MEDIA, SITE], slides: [] }), [['EXCLUSIVE_PARAMETERS', 'slides']]);
  assert.deepEqual(codes([1]), [['INVALID_PARAMETER', 'body']]);
  assert.deepEqual(codes({ name: 'c', components: {} }), [['INVALID_PARAMETER', 'components']]);
  assert.deepEqual(codes({ name: 'c', components: [MEDIA, 'x'] }), [['INVALID_PARAMETER', 'components[1]']]);
});

test('component type: required, one of four', () => {
  assert.deepEqual(codes(card(MEDIA, { title: 't' })), [['MISSING_PARAMETER', 'components[1].type']]);
  const bad = readCardBody(card(MEDIA, { type: 'TEXT' }), 'create').errors[0]!;
  assert.equal(bad.parameter, 'components[1].type');
  assert.equal(
    bad.message,
    'Expected a value in MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON, got "TEXT" for components[1].type',
  );
});

test('MEDIA needs a media_key; SWIPEABLE_MEDIA 2 to 6 keys', () => {
  assert.deepEqual(codes(card({ type: 'MEDIA' }, SITE)), [['MISSING_PARAMETER', 'components[0].media_key']]);
  assert.deepEqual(codes(card({ type: 'MEDIA', media_key: 5 }, SITE)), [
    ['INVALID_PARAMETER', 'components[0].media_key'],
  ]);
  const sw = (media_keys?: unknown) => codes(card({ type: 'SWIPEABLE_MEDIA', media_keys }, SITE));
  assert.deepEqual(sw(), [['MISSING_PARAMETER', 'components[0].media_keys']]);
  assert.deepEqual(sw('3_1'), [['INVALID_PARAMETER', 'components[0].media_keys']]);
  assert.deepEqual(sw(['3_1']), [['INVALID_PARAMETER', 'components[0].media_keys']]);
  assert.deepEqual(sw(['a', 'b', 'c', 'd', 'e', 'f', 'g']), [['INVALID_PARAMETER', 'components[0].media_keys']]);
  assert.deepEqual(sw(['a', 3]), [['INVALID_PARAMETER', 'components[0].media_keys[1]']]);
  assert.deepEqual(sw(['a', 'b', 'c', 'd', 'e', 'f']), []);
});

test('DETAILS needs a title and a destination', () => {
  assert.deepEqual(at({ type: 'DETAILS', destination: SITE.destination }), [
    ['MISSING_PARAMETER', 'components[1].title'],
  ]);
  assert.deepEqual(at({ type: 'DETAILS', title: 'x' }), [['MISSING_PARAMETER', 'components[1].destination']]);
  assert.deepEqual(at({ type: 'DETAILS', title: 'x', destination: 'x' }), [
    ['INVALID_PARAMETER', 'components[1].destination'],
  ]);
});

test('BUTTON needs a label {type: ENUM, value} and a destination', () => {
  const b = (label: unknown) => at({ type: 'BUTTON', label, destination: APP });
  assert.deepEqual(b(undefined), [['MISSING_PARAMETER', 'components[1].label']]);
  assert.deepEqual(b('INSTALL'), [['INVALID_PARAMETER', 'components[1].label']]);
  assert.deepEqual(b({ value: 'SHOP' }), [['MISSING_PARAMETER', 'components[1].label.type']]);
  assert.deepEqual(b({ type: 'TEXT', value: 'SHOP' }), [['INVALID_PARAMETER', 'components[1].label.type']]);
  assert.deepEqual(b({ type: 'ENUM' }), [['MISSING_PARAMETER', 'components[1].label.value']]);
  assert.deepEqual(b({ type: 'ENUM', value: 'BUY' }), [['INVALID_PARAMETER', 'components[1].label.value']]);
  for (const value of ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'])
    assert.deepEqual(b({ type: 'ENUM', value }), []);
  assert.deepEqual(at({ type: 'BUTTON', label: BUTTON.label }), [['MISSING_PARAMETER', 'components[1].destination']]);
});

test('destinations: WEBSITE only in DETAILS, APP only in BUTTON; type and url checked', () => {
  const d = (destination: unknown, type = 'DETAILS') =>
    at(type === 'DETAILS' ? { type, title: 't', destination } : { type, label: BUTTON.label, destination });
  assert.deepEqual(d({ type: 'WEBSITE', url: 'https://x.com' }, 'BUTTON'), [
    ['INVALID_PARAMETER', 'components[1].destination.type'],
  ]);
  assert.deepEqual(d(APP, 'DETAILS'), [['INVALID_PARAMETER', 'components[1].destination.type']]);
  assert.deepEqual(d({ url: 'https://x.com' }), [['MISSING_PARAMETER', 'components[1].destination.type']]);
  assert.deepEqual(d({ type: 'PHONE' }), [['INVALID_PARAMETER', 'components[1].destination.type']]);
  assert.deepEqual(d({ type: 'WEBSITE' }), [['MISSING_PARAMETER', 'components[1].destination.url']]);
  for (const url of ['example.com', 'ftp://example.com/x', 'javascript:alert(1)'])
    assert.deepEqual(d({ type: 'WEBSITE', url }), [['INVALID_PARAMETER', 'components[1].destination.url']], url);
});

test('APP destinations: an ISO alpha-2 country_code, an app id, deep links only with their app id', () => {
  const d = (over: Record<string, unknown>) =>
    at({ type: 'BUTTON', label: BUTTON.label, destination: { type: 'APP', ...over } });
  const p = 'components[1].destination';
  assert.deepEqual(d({ googleplay_app_id: 'a' }), [['MISSING_PARAMETER', `${p}.country_code`]]);
  for (const country_code of ['us', 'USA', 'ZZ', 'UK', 1])
    assert.deepEqual(d({ country_code, googleplay_app_id: 'a' }), [['INVALID_PARAMETER', `${p}.country_code`]]);
  assert.deepEqual(d({ country_code: 'GB' }), [['INVALID_PARAMETER', p]]);
  assert.deepEqual(d({ country_code: 'GB', ios_app_store_identifier: '333903271' }), []);
  assert.deepEqual(d({ country_code: 'GB', ios_app_store_identifier: '1', googleplay_deep_link: 'app://x' }), [
    ['INCLUSIVE_PARAMETERS', `${p}.googleplay_deep_link`],
  ]);
  assert.deepEqual(d({ country_code: 'GB', googleplay_app_id: 'a', ios_deep_link: 'app://x' }), [
    ['INCLUSIVE_PARAMETERS', `${p}.ios_deep_link`],
  ]);
  assert.deepEqual(
    d({
      country_code: 'GB',
      googleplay_app_id: 'a',
      googleplay_deep_link: 'g://',
      ios_app_store_identifier: '1',
      ios_deep_link: 'i://',
    }),
    [],
  );
  assert.deepEqual(d({ country_code: 'GB', googleplay_app_id: '' }), [['INVALID_PARAMETER', `${p}.googleplay_app_id`]]);
});

test('one media-based component plus one DETAILS or BUTTON', () => {
  assert.deepEqual(codes(card(SITE)), [['INVALID_PARAMETER', 'components']]);
  assert.deepEqual(codes(card(MEDIA)), [['INVALID_PARAMETER', 'components']]);
  assert.deepEqual(codes(card()), [
    ['INVALID_PARAMETER', 'components'],
    ['INVALID_PARAMETER', 'components'],
  ]);
  assert.deepEqual(codes(card(MEDIA, SITE, MEDIA)), [['INVALID_PARAMETER', 'components[2]']]);
  assert.deepEqual(codes(card(MEDIA, SITE, BUTTON)), [['INVALID_PARAMETER', 'components[2]']]);
});

test('slides: 2 to 6 complete cards of MEDIA and DETAILS', () => {
  assert.deepEqual(codes({ name: 'c', slides: [[MEDIA, SITE]] }), [['INVALID_PARAMETER', 'slides']]);
  assert.deepEqual(codes({ name: 'c', slides: [[MEDIA, SITE], 'x'] }), [['INVALID_PARAMETER', 'slides[1]']]);
  assert.deepEqual(codes({ name: 'c', slides: [[MEDIA, SITE], [MEDIA]] }), [['INVALID_PARAMETER', 'slides[1]']]);
  assert.deepEqual(
    codes({
      name: 'c',
      slides: [
        [MEDIA, SITE],
        [MEDIA, BUTTON],
      ],
    }),
    [['INVALID_PARAMETER', 'slides[1][1].type']],
  );
  assert.deepEqual(
    codes({
      name: 'c',
      slides: [
        [MEDIA, { ...SITE, title: 3 }],
        [MEDIA, SITE],
      ],
    }),
    [['INVALID_PARAMETER', 'slides[0][1].title']],
  );
});

const kinds: Record<string, MediaType> = { i1: 'IMAGE', i2: 'IMAGE', v1: 'VIDEO', v2: 'VIDEO', g1: 'GIF' };
const typeOf = (input: CardInput) => cardTypeOf(input, (k) => kinds[k]!);
const m = (k: string) => ({ type: 'MEDIA' as const, media_key: k });
const sw = (...keys: string[]) => ({ type: 'SWIPEABLE_MEDIA' as const, media_keys: keys });
const site = SITE as never;
const button = BUTTON as never;

test('card_type derives from the components, to the seed enum', () => {
  assert.equal(typeOf({ components: [m('i1'), site] }), 'IMAGE_WEBSITE');
  assert.equal(typeOf({ components: [m('v1'), site] }), 'VIDEO_WEBSITE');
  assert.equal(typeOf({ components: [button, m('i1')] }), 'IMAGE_APP');
  assert.equal(typeOf({ components: [m('v1'), button] }), 'VIDEO_APP');
  assert.equal(typeOf({ components: [sw('i1', 'i2'), site] }), 'IMAGE_CAROUSEL_WEBSITE');
  assert.equal(typeOf({ components: [sw('v1', 'v2'), site] }), 'VIDEO_CAROUSEL_WEBSITE');
  assert.equal(typeOf({ components: [sw('i1', 'v2'), site] }), 'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE');
  assert.equal(typeOf({ components: [sw('i1', 'i2'), button] }), 'IMAGE_CAROUSEL_APP');
  assert.equal(typeOf({ components: [sw('v1', 'v2'), button] }), 'VIDEO_CAROUSEL_APP');
  assert.equal(typeOf({ components: [sw('v1', 'i2'), button] }), 'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP');
  const slides = (...keys: string[]) => ({ slides: keys.map((k) => [m(k), site]) });
  assert.equal(typeOf(slides('i1', 'i2')), 'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE');
  assert.equal(typeOf(slides('v1', 'v2')), 'VIDEO_MULTI_DEST_CAROUSEL_WEBSITE');
  assert.equal(typeOf(slides('v1', 'i2')), 'MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE');
});

const lib = (key: string, media_type: MediaType): CardMedia => ({
  media_key: key,
  media_type,
  media_url: `https://pbs.twimg.com/${key}`,
  width: 640,
  height: 360,
  duration_ms: media_type === 'VIDEO' ? 7967 : null,
  aspect_ratio: media_type === 'VIDEO' ? '16:9' : null,
});

test('media keys: each named by its path; unknown ones and GIFs refused', () => {
  const input: CardInput = { components: [sw('i1', 'x', 'g1'), site] };
  const refs = mediaRefs(input);
  assert.deepEqual(
    refs.map((r) => r.path),
    ['components[0].media_keys[0]', 'components[0].media_keys[1]', 'components[0].media_keys[2]'],
  );
  const found = new Map([
    ['i1', lib('i1', 'IMAGE')],
    ['g1', lib('g1', 'GIF')],
  ]);
  assert.deepEqual(
    mediaErrors(refs, found, 'acc').map((e) => [e.code, e.parameter]),
    [
      ['MEDIA_NOT_FOUND', 'components[0].media_keys[1]'],
      ['INVALID_MEDIA', 'components[0].media_keys[2]'],
    ],
  );
  assert.deepEqual(
    mediaRefs({
      slides: [
        [m('a'), site],
        [site, m('b')],
      ],
    }).map((r) => r.path),
    ['slides[0][0].media_key', 'slides[1][1].media_key'],
  );
});

test('rendering: media_metadata on media components, a tco_url on WEBSITE destinations', () => {
  const media = new Map([['v1', lib('v1', 'VIDEO')]]);
  const details = {
    type: 'DETAILS' as const,
    title: 'T',
    destination: { type: 'WEBSITE' as const, url: 'HTTPS://Example.COM' },
  };
  const out = renderComponents([m('v1'), details], media, (u) => `tco(${u})`);
  assert.deepEqual(out, [
    {
      media_key: 'v1',
      media_metadata: {
        v1: {
          type: 'VIDEO',
          url: 'https://pbs.twimg.com/v1',
          width: 640,
          height: 360,
          video_duration: 7967,
          video_aspect_ratio: '16:9',
        },
      },
      type: 'MEDIA',
    },
    {
      title: 'T',
      destination: { url: 'https://example.com/', tco_url: 'tco(https://example.com/)', type: 'WEBSITE' },
      type: 'DETAILS',
    },
  ]);
  const img = renderComponents([m('i1')], new Map([['i1', lib('i1', 'IMAGE')]]), String)[0] as any;
  assert.deepEqual(Object.keys(img.media_metadata.i1), ['type', 'url', 'width', 'height']);
});
