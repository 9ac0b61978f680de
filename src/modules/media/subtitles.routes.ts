// POST and DELETE /2/media/subtitles (SPEC SubtitlesCreateRequest / SubtitlesDeleteRequest; OAuth 2.0
// `media.write` or OAuth 1.0a user context).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { actorOf } from '../../http/caller.js';
import { id, obj, oneOf, readJson, required, str } from '../../http/input.js';
import { addSubtitles, deleteSubtitles, SUBTITLE_CATEGORIES } from './subtitles.service.js';

const WRITE = userContext(['media.write'], { write: true });
/** SPEC SubtitleLanguageCode: two capital letters ("EN"). */
const LANGUAGE = str({ pattern: /^[A-Z]{2}$/ });
const CREATE_BODY = {
  id: required(id()),
  media_category: required(oneOf(SUBTITLE_CATEGORIES)),
  subtitles: required(
    obj({ id: required(id()), language_code: required(LANGUAGE), display_name: required(str({ min: 1, max: 100 })) }),
  ),
};
const DELETE_BODY = {
  id: required(id()),
  media_category: required(oneOf(SUBTITLE_CATEGORIES)),
  language_code: required(LANGUAGE),
};

export function subtitlesRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/2/media/subtitles', { config: { auth: WRITE } }, async (req) => {
    const b = readJson(req.body, CREATE_BODY);
    return { data: await addSubtitles(deps, actorOf(req).userId, b) };
  });
  app.delete('/2/media/subtitles', { config: { auth: WRITE } }, async (req) => {
    const b = readJson(req.body, DELETE_BODY);
    return { data: await deleteSubtitles(deps, actorOf(req).userId, b) };
  });
}
