import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Problem } from '../../../shared/problems.js';
import { checkChoices, pollWindow, ratioParts, resolvePollMedia, type PollMedia } from './poll-cards.rules.js';

function refused(fn: () => unknown, code: string, parameter: string, message?: RegExp) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof Problem, String(e));
    const ads = e.legacy.ads!;
    assert.deepEqual([ads.code, ads.parameter], [code, parameter], ads.message);
    if (message) assert.match(ads.message, message);
    return;
  }
  assert.fail('expected a refusal');
}

const VIDEO: PollMedia = {
  media_key: '13_950589518557540353',
  media_type: 'VIDEO',
  media_url: 'https://video.example/950589518557540353.mp4',
  width: 1280,
  height: 720,
  duration_ms: 7_967,
  aspect_ratio: '16:9',
  poster_media_url: 'https://pbs.example/poster.jpg',
};
const IMAGE: PollMedia = {
  media_key: '3_1',
  media_type: 'IMAGE',
  media_url: 'https://pbs.example/1.jpg',
  width: 1200,
  height: 628,
  duration_ms: null,
  aspect_ratio: null,
  poster_media_url: null,
};
const OK = { accountId: 'abc', mediaPolls: true };

test('choices: a third needs the first two, a fourth the first three', () => {
  checkChoices({ first_choice: 'a', second_choice: 'b' });
  checkChoices({ first_choice: 'a', second_choice: 'b', third_choice: 'c', fourth_choice: 'd' });
  refused(
    () => checkChoices({ first_choice: 'a', third_choice: 'c' }),
    'INCLUSIVE_PARAMETERS',
    'third_choice',
    /first_choice and second_choice/,
  );
  refused(
    () => checkChoices({ first_choice: 'a', second_choice: 'b', fourth_choice: 'd' }),
    'INCLUSIVE_PARAMETERS',
    'fourth_choice',
    /first_choice, second_choice and third_choice/,
  );
});

test('the poll runs duration_in_minutes from creation', () => {
  assert.deepEqual(pollWindow(1_000, 10_080), { start_time: 1_000, end_time: 1_000 + 10_080 * 60_000 });
});

test('no media: a TEXT_POLLS card without media fields, feature or not', () => {
  assert.deepEqual(resolvePollMedia(undefined, undefined, { accountId: 'abc', mediaPolls: false }), {
    card_type: 'TEXT_POLLS',
    fields: {},
  });
});

test('media polls need PROMOTED_MEDIA_POLLS, checked before the library', () => {
  refused(
    () => resolvePollMedia('13_1', VIDEO, { accountId: 'abc', mediaPolls: false }),
    'FEATURE_NOT_AVAILABLE',
    'media_key',
    /PROMOTED_MEDIA_POLLS/,
  );
  refused(() => resolvePollMedia('13_1', undefined, OK), 'MEDIA_NOT_FOUND', 'media_key', /13_1.*abc/);
});

test('a video: the docs’ VIDEO_POLLS fields, numbers as strings', () => {
  const r = resolvePollMedia(VIDEO.media_key, VIDEO, OK);
  assert.equal(r.card_type, 'VIDEO_POLLS');
  assert.deepEqual(r.fields, {
    video_url: 'https://video.twimg.com/amplify_video/vmap/950589518557540353.vmap',
    video_hls_url: VIDEO.media_url,
    video_width: '16',
    video_height: '9',
    content_duration_seconds: '8',
    video_poster_url: VIDEO.poster_media_url,
    video_poster_width: '16',
    video_poster_height: '9',
  });
});

test('an image: at least 800px wide and 1.91:1', () => {
  const r = resolvePollMedia('3_1', IMAGE, OK);
  assert.equal(r.card_type, 'IMAGE_POLLS');
  assert.deepEqual(r.fields, { media_url: IMAGE.media_url, image_display_width: '1200', image_display_height: '628' });
  assert.equal(resolvePollMedia('3_1', { ...IMAGE, width: 800, height: 419 }, OK).card_type, 'IMAGE_POLLS');
  refused(
    () => resolvePollMedia('3_1', { ...IMAGE, width: 764, height: 400 }, OK),
    'INVALID_IMAGE',
    'media_key',
    /800px/,
  );
  refused(
    () => resolvePollMedia('3_1', { ...IMAGE, width: 1200, height: 1200 }, OK),
    'INVALID_IMAGE',
    'media_key',
    /1200x1200/,
  );
  refused(() => resolvePollMedia('3_1', { ...IMAGE, width: null, height: null }, OK), 'INVALID_IMAGE', 'media_key');
});

test('a GIF is neither image nor video', () => {
  refused(() => resolvePollMedia('16_1', { ...IMAGE, media_type: 'GIF' }, OK), 'INVALID_MEDIA', 'media_key', /GIF/);
});

test('aspect ratio parts: the library’s, else width:height in lowest terms', () => {
  assert.deepEqual(ratioParts({ aspect_ratio: '16:9', width: 1, height: 1 }), ['16', '9']);
  assert.deepEqual(ratioParts({ aspect_ratio: null, width: 1280, height: 720 }), ['16', '9']);
  assert.deepEqual(ratioParts({ aspect_ratio: null, width: null, height: 720 }), null);
});
