import { data, Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/product';
import type { ProductDetail } from '@facet/contracts/catalog';
import type { ConfiguredProduct } from '@facet/contracts/configurator';
import { Configurator } from '~/features/configurator/configurator.tsx';
import { ChipRadioGroup } from '~/components/ui/chip-radio-group.tsx';
import { readChoices } from '~/features/configurator/choices.ts';
import { paths } from '@facet/contracts/paths';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { AddToCartButton } from '~/features/cart/add-to-cart-button.tsx';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { useStoreFacts } from '~/lib/store-facts.ts';
import { madeToOrderText } from '@facet/contracts/store-facts';
import { RouteErrorPage } from '~/features/layout/route-error.tsx';
import { formatMoney } from '@facet/contracts/money';
import { Breadcrumb } from '~/components/ui/breadcrumb.tsx';
import { JsonLd } from '~/components/ui/json-ld.tsx';
import { Gallery } from '~/features/catalog/gallery.tsx';
import { ProductCard } from '~/features/catalog/product-card.tsx';
import { TrustLine } from '~/features/catalog/trust-line.tsx';
import { metalBackground, metalName } from '~/features/catalog/metal-swatches.tsx';
import { facetName } from '~/features/catalog/facet-labels.ts';
import { decimalPrice } from '@facet/contracts/money';
import { CURRENCY } from '@facet/contracts/constants';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const groupId = Number(params.groupId),
    productId = Number(params.productId);
  if (!Number.isInteger(groupId) || !Number.isInteger(productId) || groupId <= 0 || productId <= 0)
    throw data({ message: 'There is no such piece.' }, { status: 404 });
  try {
    const product = await apiRequest<ProductDetail>(
      `/product/product?groupId=${groupId}&productId=${productId}`,
      {},
      host,
    );
    let configured: ConfiguredProduct | null = null;
    let configError: string | null = null;
    if (product.configuration) {
      // The server prices the configuration in the URL; a choice that no longer fits is dropped with the reason.
      const choices = readChoices(url.searchParams);
      const selected = product.variants.find((v) => v.id === product.selectedProductId)!;
      const body = {
        groupId,
        metal: choices.metal ?? selected.metal,
        ...(product.configuration.sizes.length ? { size: choices.size ?? 7 } : {}),
        ...(product.configuration.widthsMm ? { widthMm: choices.widthMm ?? 4 } : {}),
        ...(product.configuration.styles && choices.style ? { style: choices.style } : {}),
        stones: choices.stones,
      };
      try {
        configured = await apiRequest<ConfiguredProduct>('/stuller/configure-product', { method: 'POST', body }, host);
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 422) throw e;
        configError = e.message;
        configured = await apiRequest<ConfiguredProduct>(
          '/stuller/configure-product',
          {
            method: 'POST',
            body: {
              ...body,
              metal: selected.metal,
              size: product.configuration.sizes.length ? 7 : undefined,
              stones: [],
            },
          },
          host,
        ).catch(() => null);
      }
    }
    return { product, configured, configError, publicUrl: host.publicUrl };
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) throw data({ message: e.message }, { status: 404 });
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta({ title: 'Not found', noindex: true });
  const p = loaderData.product;
  const v = p.variants.find((x) => x.id === p.selectedProductId)!;
  return pageMeta({
    title: p.GroupDescription,
    description: `${p.GroupDescription} in ${v.metalName}, ${formatMoney(v.priceCents)}. ${p.longDescription.slice(0, 110)}`,
    canonical: `${loaderData.publicUrl}${paths.product({ series: p.series, categoryId: p.category.id, groupId: p.groupId, productId: p.variants[0]!.id })}`,
  });
};

export default function Product({ loaderData }: Route.ComponentProps) {
  const facts = useStoreFacts();
  const { product: p, configured, configError, publicUrl } = loaderData;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const selected = p.variants.find((v) => v.id === p.selectedProductId)!;
  // One image per metal, already in the store's metal order.
  const metals = p.images.map((i) => i.metal);
  const sizes = [
    ...new Set(
      p.variants
        .filter((v) => v.metal === selected.metal)
        .map((v) => v.fingerSize)
        .filter((s): s is number => s != null),
    ),
  ];
  const lengths = [
    ...new Set(
      p.variants
        .filter((v) => v.metal === selected.metal)
        .map((v) => v.lengthIn)
        .filter((s): s is number => s != null),
    ),
  ];
  const go = (variantId: number) =>
    navigate(paths.product({ series: p.series, categoryId: p.category.id, groupId: p.groupId, productId: variantId }), {
      replace: true,
      preventScrollReset: true,
    });
  const pick = (metal: string, size = selected.fingerSize, length = selected.lengthIn) => {
    const match =
      p.variants.find((v) => v.metal === metal && v.fingerSize === size && v.lengthIn === length) ??
      p.variants.find((v) => v.metal === metal);
    if (match) go(match.id);
  };
  const currentMetal = configured?.configuration.metal ?? selected.metal;
  const setMetal = (m: string) => {
    const n = new URLSearchParams(params);
    n.set('metal', m);
    navigate(`?${n}`, { replace: true, preventScrollReset: true });
  };
  const metalPicker = (
    <fieldset className="mt-7">
      <legend className="eyebrow">
        Metal: <span className="font-normal normal-case tracking-normal text-muted">{metalName(currentMetal)}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label="Metal">
        {metals.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === currentMetal}
            aria-label={metalName(m)}
            title={metalName(m)}
            onClick={() => (configured ? setMetal(m) : pick(m))}
            className={`flex h-11 items-center gap-2 rounded-sm border px-3 text-xs ${m === currentMetal ? 'border-ink bg-secondary' : 'border-hairline hover:border-muted'}`}
          >
            <span
              aria-hidden="true"
              className="h-5 w-5 rounded-full border border-black/10"
              style={{ background: metalBackground(m) }}
            />
            {m === 'PLAT' ? 'PT' : m.slice(0, 3)}
          </button>
        ))}
      </div>
    </fieldset>
  );
  const url = `${publicUrl}${paths.product({ series: p.series, categoryId: p.category.id, groupId: p.groupId, productId: selected.id })}`;
  const crumbs = [
    { label: 'Home', href: '/' },
    ...p.category.breadcrumb.map((b) => ({ label: b.name, href: `/category/${b.id}` })),
    { label: p.GroupDescription },
  ];
  // A configured ring is made for the shopper whatever the stock of the catalogue variant: one promise, from the store's facts.
  const madeToOrder = !!configured || selected.stock <= 0;
  const incomplete = !!configured && configured.missing.length > 0;
  // What the shopper would pay for what the page shows: the chosen configuration, or the least it can cost.
  const offerCents = configured ? configured.fromCents : selected.priceCents;
  const shipText = madeToOrder
    ? `Made to order — ships in ${madeToOrderText(facts)}`
    : `In stock — ships in ${selected.leadDays} business ${selected.leadDays === 1 ? 'day' : 'days'}`;
  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-6 lg:px-8">
      <JsonLd
        data={[
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: p.GroupDescription,
            sku: selected.sku,
            mpn: p.series,
            description: p.longDescription,
            image: `${publicUrl}${p.images.find((i) => i.metal === selected.metal)?.FullUrl ?? ''}`,
            brand: { '@type': 'Brand', name: 'Facet' },
            offers: {
              '@type': 'Offer',
              url,
              priceCurrency: CURRENCY,
              price: decimalPrice(offerCents),
              availability: madeToOrder ? 'https://schema.org/MadeToOrder' : 'https://schema.org/InStock',
              itemCondition: 'https://schema.org/NewCondition',
            },
          },
          {
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: crumbs.map((c, i) => ({
              '@type': 'ListItem',
              position: i + 1,
              name: c.label,
              ...(c.href ? { item: `${publicUrl}${c.href}` } : {}),
            })),
          },
        ]}
      />
      <Breadcrumb items={crumbs} />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,40rem)_minmax(0,1fr)] lg:gap-14">
        <Gallery
          key={configured?.images[0]?.FullUrl}
          images={
            configured
              ? [
                  { metal: currentMetal, FullUrl: configured.images[0]!.FullUrl },
                  ...p.images.filter((i) => i.metal !== currentMetal),
                ]
              : p.images
          }
          active={currentMetal}
          title={configured?.title ?? p.GroupDescription}
        />
        <div className="lg:sticky lg:top-28 lg:self-start">
          <p className="eyebrow text-muted">Style {p.series}</p>
          <h1 className="mt-2 text-3xl leading-tight md:text-[2.5rem]">{p.GroupDescription}</h1>
          <p className="mt-4 font-display text-3xl" aria-live="polite" data-testid="price">
            {incomplete
              ? `From ${formatMoney(configured.fromCents)}`
              : formatMoney(configured?.totalCents ?? selected.priceCents)}
          </p>
          <p className="text-xs text-muted">
            {configured
              ? `${configured.title} · SKU ${configured.sku}`
              : `${selected.metalName}${selected.fingerSize ? `, size ${selected.fingerSize}` : ''}${selected.lengthIn ? `, ${selected.lengthIn} in` : ''} · SKU ${selected.sku}`}
          </p>

          {configured ? (
            <Configurator product={p} configured={configured} error={configError} metalPicker={metalPicker} />
          ) : (
            <>
              {metalPicker}
              {sizes.length > 0 && (
                <div className="mt-6">
                  <label htmlFor="ring-size" className="eyebrow">
                    Ring size
                  </label>
                  <select
                    id="ring-size"
                    className="field mt-2 max-w-xs"
                    value={selected.fingerSize ?? ''}
                    onChange={(e) => pick(selected.metal, Number(e.target.value))}
                  >
                    {sizes.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                  <p className="mt-1.5 text-xs text-muted">
                    Not sure?{' '}
                    <Link to="/blog/ring-sizing" className="underline">
                      Find your ring size
                    </Link>
                    . Other sizes on request.
                  </p>
                </div>
              )}
              {lengths.length > 0 && (
                <div className="mt-6">
                  <ChipRadioGroup
                    label="Length"
                    options={lengths}
                    value={selected.lengthIn ?? lengths[0]!}
                    onChange={(l) => pick(selected.metal, selected.fingerSize, l)}
                    render={(l) => `${l} in`}
                  />
                </div>
              )}
            </>
          )}

          <AddToCartButton
            className="btn-primary mt-7 w-full py-4"
            what={p.GroupDescription}
            item={
              configured
                ? configError || incomplete
                  ? null
                  : { kind: 'configured', configuration: configured.configuration }
                : { kind: 'product', id: selected.id }
            }
          />
          {incomplete && (
            <p className="mt-2 text-sm text-muted">
              Choose the {configured.missing.map((m) => m.label.replace(/ \(.*$/, '').toLowerCase()).join(' and ')} to
              add this piece to your cart.
            </p>
          )}
          <p className="mt-3 text-sm text-muted">{shipText}</p>
          <TrustLine madeToOrder={!!configured} />
        </div>
      </div>

      <section className="mt-16 grid gap-10 border-t border-hairline pt-10 md:grid-cols-2" aria-label="Details">
        <div>
          <h2 className="text-2xl">Description</h2>
          <p className="mt-3 leading-relaxed text-ink/85">{p.longDescription}</p>
        </div>
        <div>
          <h2 className="text-2xl">Specifications</h2>
          <dl className="mt-3 divide-y divide-hairline text-sm">
            <div className="flex justify-between gap-6 py-2">
              <dt className="text-muted">Style number</dt>
              <dd>{p.series}</dd>
            </div>
            <div className="flex justify-between gap-6 py-2">
              <dt className="text-muted">Approx. weight</dt>
              <dd>{selected.weightG} g</dd>
            </div>
            {p.attributes
              .filter((a) => a.label !== 'metal type')
              .map((a) => (
                <div key={a.label} className="flex justify-between gap-6 py-2">
                  <dt className="text-muted">{facetName(a.label)}</dt>
                  <dd className="text-right">{a.values.join(', ')}</dd>
                </div>
              ))}
          </dl>
        </div>
      </section>

      {p.related.length > 0 && (
        <section className="mt-16" aria-labelledby="related">
          <h2 id="related" className="text-2xl md:text-3xl">
            You may also like
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-4">
            {p.related.slice(0, 4).map((r) => (
              <ProductCard key={r.groupId} card={r} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFoundTitle="This piece is no longer available"
      detail="It may have been retired from the collection. Similar designs are a click away."
      links={[
        { label: 'Engagement rings', href: '/category/1100' },
        { label: 'Home', href: '/' },
      ]}
    />
  );
}
