// Keyword insights (seed "Audiences"; notes §10.5): no account in the path; `data` is an object.
import type { Deps } from '../../../deps.js';
import { names, oneOf, required, str, time } from '../../../http/input.js';
import type { AdsRouter } from '../kit/router.js';
import { MAX_KEYWORDS } from './keyword-insights.rules.js';
import { keywordInsights } from './keyword-insights.service.js';

// A keyword is free text without commas (the list is comma-separated, DOCS).
const KEYWORD = /^[^,]{1,280}$/su;

export function keywordInsightsRoutes(r: AdsRouter, deps: Deps) {
  r.get(
    'insights/keywords/search',
    {
      params: {
        granularity: required(oneOf(['DAY', 'HOUR'])),
        keywords: required(names(KEYWORD, { max: MAX_KEYWORDS })),
        start_time: required(time()),
        end_time: time(),
        location: str({ min: 1, max: 64 }),
        negative_keywords: names(KEYWORD, { max: MAX_KEYWORDS }),
      },
    },
    async (_ctx, p) => ({ data: await keywordInsights(deps, p) }),
  );
}
