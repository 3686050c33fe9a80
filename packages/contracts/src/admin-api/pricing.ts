import { markupPreview, markupRules, markupRulesBody, markupSaved } from '../admin-feeds.ts';
import { metalRatePreview, metalRateSaved, metalRates } from '../admin-pricing.ts';

import { op, metalRateBody, metalParams } from './shared.ts';

/** Prices: metal rates and markup rules. */
export const PRICING_OPS = {
  'GET /metal-rates': op({ access: 'prices:write', answer: metalRates }),
  'POST /metal-rates/:quality/preview': op({
    access: 'prices:write',
    params: metalParams,
    body: metalRateBody,
    answer: metalRatePreview,
  }),
  'PUT /metal-rates/:quality': op({
    access: 'prices:write',
    params: metalParams,
    body: metalRateBody,
    answer: metalRateSaved,
  }),
  'GET /markup-rules': op({ access: 'prices:write', answer: markupRules }),
  'POST /markup-rules/preview': op({ access: 'prices:write', body: markupRulesBody, answer: markupPreview }),
  'PUT /markup-rules': op({ access: 'prices:write', body: markupRulesBody, answer: markupSaved }),
} as const;
