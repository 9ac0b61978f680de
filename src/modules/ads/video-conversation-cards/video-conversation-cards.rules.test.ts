import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ctaErrors, ctaLength, is16by9, mediaError, type CardMedia } from './video-conversation-cards.rules.js';

const BASE = { first_cta: '#APIs', first_cta_tweet: 'Ads API', title: 'Developers' };
const codes = (errors: { code: string; parameter: string }[]) => errors.map((e) => [e.code, e.parameter]);

test('the docs example passes', () => {
  assert.deepEqual(ctaErrors(BASE), []);
  assert.deepEqual(ctaErrors({ first_cta: '#a', first_cta_tweet: 'x', second_cta: '#b', second_cta_tweet: 'y' }), []);
});

test('a CTA is 1 to 20 characters, not counting the #', () => {
  assert.equal(ctaLength('#' + 'a'.repeat(20)), 20);
  assert.equal(ctaLength('a'.repeat(20)), 20);
  assert.deepEqual(ctaErrors({ ...BASE, first_cta: '#' + 'a'.repeat(20) }), []);
  assert.deepEqual(ctaErrors({ ...BASE, first_cta: 'a'.repeat(20) }), []);
  assert.deepEqual(codes(ctaErrors({ ...BASE, first_cta: '#' + 'a'.repeat(21) })), [
    ['INVALID_PARAMETER', 'first_cta'],
  ]);
  assert.deepEqual(codes(ctaErrors({ ...BASE, first_cta: '#' })), [['INVALID_PARAMETER', 'first_cta']]);
  for (const name of ['second_cta', 'third_cta', 'fourth_cta'])
    assert.deepEqual(codes(ctaErrors({ ...BASE, [name]: 'b'.repeat(21), [`${name}_tweet`]: 't' })), [
      ['INVALID_PARAMETER', name],
    ]);
});

test('title or second_cta is required', () => {
  assert.deepEqual(codes(ctaErrors({ first_cta: '#a', first_cta_tweet: 'x' })), [['MISSING_PARAMETER', 'title']]);
});

test('each later CTA needs its _tweet text; every rule broken is listed', () => {
  for (const name of ['second_cta', 'third_cta', 'fourth_cta'])
    assert.deepEqual(codes(ctaErrors({ ...BASE, [name]: '#b' })), [['MISSING_PARAMETER', `${name}_tweet`]]);
  assert.deepEqual(codes(ctaErrors({ first_cta: 'x'.repeat(30), first_cta_tweet: 'x', third_cta: '#c' })), [
    ['INVALID_PARAMETER', 'first_cta'],
    ['MISSING_PARAMETER', 'title'],
    ['MISSING_PARAMETER', 'third_cta_tweet'],
  ]);
});

const VIDEO: CardMedia = {
  media_key: '13_1',
  media_type: 'VIDEO',
  media_url: 'https://video.example/1.mp4',
  width: 1280,
  height: 720,
  aspect_ratio: '16:9',
  poster_media_url: 'https://pbs.example/1.jpg',
};
const IMAGE: CardMedia = { ...VIDEO, media_key: '3_2', media_type: 'IMAGE', aspect_ratio: null };

test('16:9 by the aspect ratio, else by the size', () => {
  assert.equal(is16by9(VIDEO), true);
  assert.equal(is16by9({ aspect_ratio: '4:3', width: 1280, height: 720 }), false);
  assert.equal(is16by9({ aspect_ratio: null, width: 1920, height: 1080 }), true);
  assert.equal(is16by9({ aspect_ratio: null, width: 640, height: 480 }), false);
  assert.equal(is16by9({ aspect_ratio: null, width: null, height: null }), false);
});

test('media: in the library, of the right type; the video 16:9', () => {
  assert.equal(mediaError('video', '13_1', VIDEO, 'abc'), null);
  assert.equal(mediaError('poster', '3_2', IMAGE, 'abc'), null);
  assert.equal(mediaError('unlocked_image', '3_2', IMAGE, 'abc'), null);
  assert.equal(mediaError('unlocked_video', '13_1', { ...VIDEO, aspect_ratio: '1:1' }, 'abc'), null);
  const missing = mediaError('video', '13_9', undefined, 'abc')!;
  assert.deepEqual([missing.code, missing.parameter], ['MEDIA_NOT_FOUND', 'media_key']);
  assert.match(missing.message, /13_9.*abc/);
  const square = mediaError('video', '13_1', { ...VIDEO, aspect_ratio: '1:1' }, 'abc')!;
  assert.deepEqual([square.code, square.parameter], ['INVALID_MEDIA', 'media_key']);
  assert.match(square.message, /16:9.*1:1/);
  const image = mediaError('video', '3_2', IMAGE, 'abc')!;
  assert.deepEqual([image.code, image.parameter], ['INVALID_MEDIA', 'media_key']);
  for (const [role, param] of [
    ['poster', 'poster_media_key'],
    ['unlocked_image', 'unlocked_image_media_key'],
  ] as const) {
    const e = mediaError(role, '13_1', VIDEO, 'abc')!;
    assert.deepEqual([e.code, e.parameter], ['INVALID_MEDIA', param]);
  }
  const e = mediaError('unlocked_video', '3_2', IMAGE, 'abc')!;
  assert.deepEqual([e.code, e.parameter], ['INVALID_MEDIA', 'unlocked_video_media_key']);
});
