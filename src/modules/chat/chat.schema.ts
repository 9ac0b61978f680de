// Input specs of the X Chat routes (SPEC 2.166 request schemas of the Chat tag).
import { FIELD_ENUMS as F } from '../../http/field-enums.js';
import { arr, id, int, list, obj, required, str, withDefault } from '../../http/input.js';
import { paging } from '../../http/v2-query.js';
import { BASE64 } from './chat.rules.js';

const NUMERIC = /^[0-9]+$/;
/** SPEC ChatActionSignature. */
const ACTION_SIGNATURE = obj({
  encoded_message_event_detail: required(str({ min: 1, pattern: BASE64 })),
  message_event_signature: required(
    obj({
      message_signing_key_info_list: arr(
        obj({ member_id: str(), public_key_version: str(), signing_public_key: str() }),
      ),
      public_key_version: required(str({ pattern: NUMERIC })),
      signature: required(str({ min: 1, pattern: BASE64 })),
      signature_version: required(str({ pattern: NUMERIC })),
      signing_public_key: str(),
    }),
  ),
  message_id: required(str({ min: 1 })),
  signature_payload: str(),
});
/** SPEC ChatConversationParticipantKey. */
const PARTICIPANT_KEY = obj({ encrypted_conversation_key: str(), public_key_version: str(), user_id: id() });

/** SPEC ChatInitializeConversationKeysRequest. */
export const KEYS = {
  conversation_key_version: required(str({ min: 1 })),
  conversation_participant_keys: required(arr(PARTICIPANT_KEY, { min: 1 })),
  action_signatures: arr(ACTION_SIGNATURE),
  base64_encoded_key_rotation: str({ pattern: BASE64 }),
};
/** SPEC ChatCreateConversationRequest. */
export const NEW_GROUP = {
  ...KEYS,
  conversation_id: required(str({ pattern: /^g[0-9]{1,19}$/ })),
  group_members: required(arr(id(), { max: 100 })),
  group_admins: arr(id(), { max: 100 }),
  group_avatar_url: str(),
  group_description: str(),
  group_name: str(),
  ttl_msec: str(),
};
/** SPEC ChatAddGroupMembersRequest. */
export const NEW_MEMBERS = {
  user_ids: required(arr(id(), { min: 1, max: 100 })),
  action_signatures: arr(ACTION_SIGNATURE),
  conversation_key_version: str({ min: 1 }),
  conversation_participant_keys: arr(PARTICIPANT_KEY),
  encrypted_avatar_url: str(),
  encrypted_title: str(),
};
/** SPEC ChatSendMessageRequest. */
export const MESSAGE = {
  message_id: required(str({ min: 1, max: 100 })),
  encoded_message_create_event: required(str({ min: 1, pattern: BASE64 })),
  encoded_message_event_signature: str({ pattern: BASE64 }),
  conversation_token: str(),
};
export const READ = { seen_until_sequence_id: required(str({ min: 1 })) };

export const CONVERSATION_SELECTION = {
  'chat_conversation.fields': list(F.ChatConversationFieldsParameter),
  expansions: list(F.ChatConversationExpansionsParameter),
  'user.fields': list(F.UserFieldsParameter),
};
export const INBOX = {
  max_results: withDefault(int({ min: 1, max: 100 }), 10),
  pagination_token: str(),
  ...CONVERSATION_SELECTION,
};
export const EVENTS = { ...paging(1, 100), 'chat_message_event.fields': list(F.ChatMessageEventFieldsParameter) };

/** SPEC ChatMediaUploadInitializeRequest. */
export const UPLOAD_INIT = { conversation_id: str(), total_bytes: int({ min: 0 }) };
/** SPEC ChatMediaUploadAppendRequest (the JSON form: `media` base64). */
export const UPLOAD_APPEND = {
  media: required(str({ min: 1 })),
  segment_index: required(int({ min: 0, max: 999 })),
  conversation_id: required(str()),
  media_hash_key: required(str()),
};
/** SPEC ChatMediaUploadFinalizeRequest. */
export const UPLOAD_FINALIZE = {
  conversation_id: str(),
  media_hash_key: str(),
  message_id: str(),
  num_parts: str({ pattern: NUMERIC }),
  ttl_msec: str(),
};
export const MEDIA_HASH_KEY = str({ pattern: /^[a-zA-Z0-9]{1,50}$/ });
