import type { ProductPage } from '~/lib/product-page.ts';
import type { ConfiguredProduct } from '@facet/contracts/configurator';
import type { HostContext } from '@facet/contracts/host';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { readChoices } from './choices.ts';

const DEFAULT_SIZE = 7;
const DEFAULT_WIDTH_MM = 4;

/**
 * A configurable piece's page: the server prices the configuration in the URL. A choice that no
 * longer fits (a stone sold, a size withdrawn) is dropped and the reason shown with the piece's
 * plain configuration.
 */
export async function configureFromUrl(
  product: ProductPage,
  params: URLSearchParams,
  host: HostContext,
): Promise<{ configured: ConfiguredProduct | null; configError: string | null }> {
  if (!product.configuration) return { configured: null, configError: null };
  const choices = readChoices(params);
  const { selected } = product;
  const sized = product.configuration.sizes.length > 0;
  const body = {
    groupId: product.groupId,
    metal: choices.metal ?? selected.metal,
    ...(sized ? { size: choices.size ?? DEFAULT_SIZE } : {}),
    ...(product.configuration.widthsMm ? { widthMm: choices.widthMm ?? DEFAULT_WIDTH_MM } : {}),
    ...(product.configuration.styles && choices.style ? { style: choices.style } : {}),
    stones: choices.stones,
  };
  const configure = (b: typeof body) =>
    apiRequest<ConfiguredProduct>('/stuller/configure-product', { method: 'POST', body: b }, host);
  try {
    return { configured: await configure(body), configError: null };
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 422) throw e;
    const plain = { ...body, metal: selected.metal, size: sized ? DEFAULT_SIZE : undefined, stones: [] };
    return { configured: await configure(plain).catch(() => null), configError: e.message };
  }
}
