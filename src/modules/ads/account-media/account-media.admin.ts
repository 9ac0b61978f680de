// Control API for account media (README, public contract): v12 has no POST for account media
// (notes §9.6), so tests and demos make them here on any account, production ones included. The media
// is any finished upload of /2/media/upload; PREROLL and VAST_PREROLL show a video, the other creative
// types an image.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.js';
import { oneOf, readControl, required, str } from '../../../http/input.js';
import { problems } from '../../../shared/problems.js';
import { accountRow } from '../kit/account.js';
import { mediaByKeys } from '../../media/index.js';
import { addAccountMedia, CREATIVE_TYPES, VIDEO_CREATIVE_TYPES } from './account-media.service.js';

const CREATE = { media_key: required(str({ min: 1, max: 64 })), creative_type: required(oneOf(CREATIVE_TYPES)) };

export function adsAccountMediaAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Params: { id: string } }>('/_aviary/ads/accounts/:id/account_media', async (req, reply) => {
    const b = readControl(req.body, CREATE);
    const account = await accountRow(deps.db, req.params.id);
    if (!account || account.deleted)
      throw problems.resourceNotFound({ parameter: 'id', value: req.params.id, resource_type: 'ads_account' });
    const [media] = await mediaByKeys(deps, [b.media_key]);
    if (!media || media.state !== 'succeeded')
      throw problems.invalidParam('media_key', b.media_key, `No finished upload has media key ${b.media_key}`);
    const video = VIDEO_CREATIVE_TYPES.includes(b.creative_type);
    if (video !== (media.type === 'video'))
      throw problems.invalidParam(
        'media_key',
        b.media_key,
        `creative_type ${b.creative_type} needs ${video ? 'a video' : 'an image'}, got ${media.type}`,
      );
    const m = { accountId: account.id, creativeType: b.creative_type, mediaKey: media.media_key, video };
    const data = await deps.db.tx((tx) =>
      addAccountMedia(tx, deps.ids, { ...m, mediaUrl: media.url, at: deps.clock.now() }),
    );
    return reply.code(201).send({ data });
  });
}
