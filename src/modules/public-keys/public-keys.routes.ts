// X Chat public keys (SPEC 2.166 tags Users, Chat): register one's own key, read a user's keys, read
// the current key of up to 100 users. User context only, with the DM scopes the spec lists.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { actorOf, ownPath } from '../../http/caller.js';
import { FIELD_ENUMS } from '../../http/field-enums.js';
import {
  bool,
  id,
  ids,
  list,
  obj,
  readJson,
  readPath,
  readQuery,
  required,
  str,
  type Query,
} from '../../http/input.js';
import { addPublicKey, currentKeys, keysOfUser } from './public-keys.service.js';

type Id = { Params: { id: string }; Querystring: Query };
const READ = userContext(['dm.read', 'tweet.read', 'users.read'], { dm: true });
const WRITE = userContext(['dm.write', 'tweet.read', 'users.read'], { write: true, dm: true });
const FIELDS = { 'public_key.fields': list(FIELD_ENUMS.PublicKeyFieldsParameter) };
/** SPEC ChatAddPublicKeyRequest. */
const NEW_KEY = {
  public_key: required(
    obj({
      identity_public_key_signature: str(),
      public_key: str({ min: 1 }),
      public_key_fingerprint: str(),
      registration_method: str(),
      signing_public_key: str(),
      signing_public_key_signature: str(),
    }),
  ),
  version: required(str({ min: 1 })),
  generate_version: bool(),
};

export function publicKeysRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/users/public_keys', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, { ids: required(ids({ max: 100 })), ...FIELDS });
    return currentKeys(deps, q.ids, q['public_key.fields'] ?? []);
  });
  app.get<Id>('/2/users/:id/public_keys', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, FIELDS);
    return keysOfUser(deps, readPath('id', req.params.id, id()), q['public_key.fields'] ?? []);
  });
  app.post<Id>('/2/users/:id/public_keys', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = readJson(req.body, NEW_KEY);
    return { data: await addPublicKey(deps, actor.userId, b) };
  });
}
