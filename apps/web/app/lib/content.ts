import { data } from 'react-router';
import type { ContentKind, ContentPageAnswer } from '@facet/contracts/content';
import { apiRequest, ApiError } from './api.ts';
import type { HostContext } from './host-context.ts';

// The policy pages and the journal come from the API: the store's text, as staff last saved it,
// with its facts filled in and its HTML sanitised there.

export async function loadContent(host: HostContext, kind: ContentKind, slug: string): Promise<ContentPageAnswer> {
  try {
    return await apiRequest<ContentPageAnswer>(`/content/${kind}/${encodeURIComponent(slug)}`, {}, host);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) throw data(null, { status: 404 });
    throw err;
  }
}

export const loadPosts = (host: HostContext) =>
  apiRequest<Array<Omit<ContentPageAnswer, 'html'>>>('/content/blog', {}, host);
