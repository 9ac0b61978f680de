// The body of POST /2/articles/draft as input specs: SPEC ArticleDraftCreateRequest, a DraftJS content
// state (blocks with their spans, styles and entity ranges; entities for links, posts and images).
// Every object of the document is closed (`additionalProperties: false`), as readJson's are.
import { arr, int, obj, oneOf, required, str } from '../../http/input.js';

const AT = int({ min: 0 });
const SPAN = obj({ from_index: required(AT), to_index: required(AT), text: required(str()) });
const MEDIA_REF = obj({ media_category: required(str()), media_id: required(str()) });
const BLOCK_TYPES = [
  'unstyled',
  'header-one',
  'header-two',
  'header-three',
  'unordered-list-item',
  'ordered-list-item',
  'blockquote',
  'atomic',
] as const;

const BLOCK = obj({
  text: required(str()),
  type: required(oneOf(BLOCK_TYPES)),
  key: str(),
  data: obj({ cashtags: arr(SPAN), hashtags: arr(SPAN), mentions: arr(SPAN), urls: arr(SPAN) }),
  entity_ranges: arr(obj({ key: required(AT), offset: required(AT), length: required(AT) })),
  inline_style_ranges: arr(
    obj({ offset: required(AT), length: required(AT), style: required(oneOf(['bold', 'italic', 'strikethrough'])) }),
  ),
});
const ENTITY = obj({
  key: required(str()),
  value: required(
    obj({
      type: required(oneOf(['post', 'link', 'image'])),
      mutability: required(oneOf(['immutable', 'mutable', 'segmented'])),
      data: required(
        obj({
          caption: str(),
          entity_key: str(),
          markdown: str(),
          media_items: arr(MEDIA_REF),
          post_id: str(),
          url: str(),
        }),
      ),
    }),
  ),
});

export const DRAFT = {
  title: required(str({ min: 1 })),
  content_state: required(obj({ blocks: required(arr(BLOCK)), entities: required(arr(ENTITY)) })),
  cover_media: MEDIA_REF,
};
