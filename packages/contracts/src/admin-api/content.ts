import { z } from 'zod';
import { adminHomePage, homePageBody } from '../home.ts';
import {
  adminContentList,
  adminContentPage,
  contentPageBody,
  contentParams,
  contentPreview,
  contentVisibilityBody,
  contentPreviewBody,
  contentImage,
  contentImageParams,
} from '../content.ts';

import { adminReviewList, REVIEW_STATUSES, reviewAnswerBody, reviewStatusBody } from '../reviews.ts';
import { idParams, op } from './shared.ts';

/** Pages and words. */
export const CONTENT_OPS = {
  /** Buyers' reviews, waiting first: approve (shown on the piece's page), hide, or answer. */
  'GET /reviews': op({
    access: 'content:write',
    query: z.object({ status: z.enum(REVIEW_STATUSES).optional() }).strict(),
    answer: adminReviewList,
  }),
  'POST /reviews/:id/status': op({
    access: 'content:write',
    params: idParams,
    body: reviewStatusBody,
    answer: adminReviewList,
  }),
  'PUT /reviews/:id/answer': op({
    access: 'content:write',
    params: idParams,
    body: reviewAnswerBody,
    answer: adminReviewList,
  }),
  'GET /content': op({ access: 'content:write', answer: adminContentList }),
  'GET /content/home': op({ access: 'content:write', answer: adminHomePage }),
  'PUT /content/home': op({ access: 'content:write', body: homePageBody, answer: adminHomePage }),
  'GET /content/:kind/:slug': op({ access: 'content:write', params: contentParams, answer: adminContentPage }),
  'PUT /content/:kind/:slug': op({
    access: 'content:write',
    params: contentParams,
    body: contentPageBody,
    answer: adminContentPage,
  }),
  'POST /content/:kind/:slug/visibility': op({
    access: 'content:write',
    params: contentParams,
    body: contentVisibilityBody,
    answer: adminContentPage,
  }),
  /** A post written in the back office, gone for good (one the store shipped with can only be hidden). */
  'DELETE /content/:kind/:slug': op({
    access: 'content:write',
    params: contentParams,
    query: z.object({ version: z.coerce.number().int().min(1) }).strict(),
    answer: z.null(),
    status: 204,
  }),
  'POST /content/preview': op({ access: 'content:write', body: contentPreviewBody, answer: contentPreview }),
  /** The images uploaded for pages, newest first. */
  'GET /content/images': op({ access: 'content:write', answer: z.array(contentImage) }),
  /** Multipart: one `photo` file and its `alt` text (read by the route, not a JSON body). */
  'POST /content/images': op({ access: 'content:write', answer: contentImage, status: 201 }),
  /** Refused (409) while a page or the home page shows it. */
  'DELETE /content/images/:key': op({
    access: 'content:write',
    params: contentImageParams,
    answer: z.null(),
    status: 204,
  }),
} as const;
