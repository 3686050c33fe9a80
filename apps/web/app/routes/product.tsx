import { WishHeart } from '~/components/wish-heart.tsx';
import { useEffect, useState } from 'react';
import { data, Link, redirect, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/product';
import type { ProductDetail } from '@facet/contracts/catalog';
import { productPage, type ProductPage } from '~/lib/product-page.ts';
import type { ConfiguredProduct } from '@facet/contracts/configurator';
import { Configurator } from '~/features/configurator/configurator.tsx';
import { configureFromUrl } from '~/features/configurator/configure-from-url.ts';
import { readChoices } from '~/features/configurator/choices.ts';
import { paths } from '@facet/contracts/paths';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { AddToCartButton } from '~/components/add-to-cart-button.tsx';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { useStoreFacts } from '~/lib/store-facts.ts';
import { madeToOrderText } from '@facet/contracts/store-facts';
import { RouteErrorPage } from '~/features/layout/route-error.tsx';
import { formatMoney } from '@facet/contracts/money';
import { ListPrice, SaleNote, WasPrice } from '~/components/was-price.tsx';
import { Breadcrumb } from '~/components/ui/breadcrumb.tsx';
import { JsonLd } from '~/components/ui/json-ld.tsx';
import type { ProductReviews } from '@facet/contracts/reviews';
import { ProductReviewsSection } from '~/features/catalog/product-reviews.tsx';
import { Gallery } from '~/features/catalog/gallery.tsx';
import { TrustLine } from '~/features/catalog/trust-line.tsx';
import { SeeInPerson } from '~/features/appointments/see-in-person.tsx';
import { HintButton } from '~/features/hints/hint-button.tsx';
import type { WishItem } from '@facet/contracts/wishlist';
import type { AddItemInput } from '@facet/contracts/commerce';
import { MetalPicker } from '~/features/catalog/metal-picker.tsx';
import { VariantOptions } from '~/features/catalog/variant-options.tsx';
import { ProductDetails } from '~/features/catalog/product-details.tsx';
import { productJsonLd } from '~/features/catalog/product-json-ld.ts';
import { rememberViewed } from '~/lib/recently-viewed.ts';
import { CATEGORY } from '@facet/contracts/categories';
import { EngravingOption, type EngravingDraft } from '~/features/engraving/engraving-option.tsx';

/** At or below this many on hand, the page says how many are left. */
const LOW_STOCK = 3;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const groupId = Number(params.groupId),
    productId = Number(params.productId);
  if (!Number.isInteger(groupId) || !Number.isInteger(productId) || groupId <= 0 || productId <= 0)
    throw data({ message: 'There is no such piece.' }, { status: 404 });
  try {
    const [detail, reviews] = await Promise.all([
      apiRequest<ProductDetail>(`/product/product?groupId=${groupId}&productId=${productId}`, {}, host),
      // Reviews are not the page: without them it still sells (an empty section says none yet).
      apiRequest<ProductReviews>(`/reviews/${groupId}`, {}, host).catch(() => null),
    ]);
    const product = productPage(detail);
    // A design whose address word or category changed answers at its new address: old links keep working.
    if (product.series !== params.series || String(product.category.id) !== params.categoryId) {
      const to = paths.product({ series: product.series, categoryId: product.category.id, groupId, productId });
      throw redirect(`${to}${url.search}`, 301);
    }
    const { configured, configError } = await configureFromUrl(product, url.searchParams, host);
    const page = pageOf(product, configured, host.publicUrl, isLanding(url.searchParams));
    // Made here, on the server: the browser never needs the code that writes it.
    const jsonLd: unknown = productJsonLd({
      product,
      variant: page.selected,
      url: page.url,
      publicUrl: host.publicUrl,
      offerCents: page.offerCents,
      // The sale's price holds until it ends.
      validUntil: dayOf(page.sale?.endsAt, host.facts.timezone),
      madeToOrder: page.madeToOrder,
      soldOut: page.soldOut,
      crumbs: page.crumbs,
      reviews,
    });
    return { product, configured, configError, publicUrl: host.publicUrl, jsonLd, reviews };
  } catch (e) {
    if (e instanceof ApiError && e.status === 410)
      throw data({ message: e.message, category: e.errors?.category }, { status: 410 });
    if (e instanceof ApiError && e.status < 500) throw data({ message: e.message }, { status: 404 });
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta({ title: 'Not found', noindex: true });
  const p = loaderData.product;
  const v = p.selected;
  return pageMeta({
    title: p.seoTitle ?? p.GroupDescription,
    description:
      p.seoDescription ??
      `${p.GroupDescription} in ${v.metalName}, ${formatMoney(v.priceCents)}. ${p.longDescription.slice(0, 110)}`,
    canonical: `${loaderData.publicUrl}${paths.product({ series: p.series, categoryId: p.category.id, groupId: p.groupId, productId: p.variants[0]!.id })}`,
  });
};

export default function Product({ loaderData }: Route.ComponentProps) {
  return <ProductView loaderData={loaderData} />;
}

/** The page itself, for the route and for the back office's preview of a draft. */
export function ProductView({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const facts = useStoreFacts();
  const { product: p, configured, configError, publicUrl } = loaderData;
  const navigate = useNavigate();
  const designHref = paths.product({
    series: p.series,
    categoryId: p.category.id,
    groupId: p.groupId,
    productId: p.variants[0]!.id,
  });
  useEffect(() => {
    rememberViewed({ href: designHref, title: p.GroupDescription, image: p.images[0]?.FullUrl ?? '' });
  }, [designHref, p.GroupDescription, p.images]);
  const [params] = useSearchParams();
  const selected = p.selected;
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
    // One image per metal, already in the store's metal order.
    <MetalPicker
      metals={p.images.map((i) => i.metal)}
      current={currentMetal}
      onPick={(m) => (configured ? setMetal(m) : pick(m))}
    />
  );
  const { crumbs, madeToOrder, soldOut } = pageOf(p, configured, publicUrl, isLanding(params));
  const incomplete = !!configured && configured.missing.length > 0;
  // Arriving from a card, nothing chosen yet: the page's "From" is the card's, and names the ring it prices.
  const least = configured && !configError && isLanding(params) ? configured.least : null;
  const href = (c: ConfiguredProduct['configuration']) =>
    paths.configured({ ...designOf(p), productId: p.variants[0]!.id }, c);
  // What the page shows, as the cart, the wishlist and a hint name it (a ring that cannot be made: nothing).
  const chosen: WishItem | null = configured
    ? configError
      ? null
      : { kind: 'configured', configuration: configured.configuration }
    : { kind: 'product', id: selected.id };
  // The words to engrave go with the piece into the cart (a wishlist keeps the piece alone).
  const [engraving, setEngraving] = useState<EngravingDraft | null>(null);
  const offer = p.engraving;
  const engravingReady = !engraving || (offer && !engraving.problem);
  const toCart: AddItemInput | null = !engravingReady
    ? null
    : chosen?.kind === 'product' || chosen?.kind === 'configured'
      ? { ...chosen, ...(engraving ? { engraving: { text: engraving.text, font: engraving.font } } : {}) }
      : chosen;
  const extraDays = engraving && offer ? offer.days : 0;
  // What engraving adds to the price shown (the cart charges the same).
  const engravingCents = engraving && offer ? offer.priceCents : 0;
  const engravedDays = extraDays ? ' with engraving' : '';
  // A ring is resized after delivery, except an eternity band (stones all the way round).
  const isRing = p.kind === 'ring' || p.kind === 'band';
  const isEternity = [p.category.id, ...p.category.breadcrumb.map((b) => b.id)].includes(CATEGORY.eternity);
  const shipText = soldOut
    ? 'Out of stock'
    : madeToOrder
      ? `Made to order — ships in ${madeToOrderText(facts, extraDays)}${engravedDays}`
      : `${p.stockTracked && selected.stock <= LOW_STOCK ? `Only ${selected.stock} left` : 'In stock'} — ships in ${selected.leadDays + extraDays} business ${selected.leadDays + extraDays === 1 ? 'day' : 'days'}${engravedDays}`;
  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-6 lg:px-8">
      {loaderData.jsonLd ? <JsonLd data={loaderData.jsonLd} /> : null}
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
          photos={p.photos}
          active={currentMetal}
          title={configured?.title ?? p.GroupDescription}
        />
        <div className="lg:sticky lg:top-28 lg:self-start">
          <p className="eyebrow text-muted">Style {p.series}</p>
          <h1 className="mt-2 text-3xl leading-tight md:text-[2.5rem]">{p.GroupDescription}</h1>
          <p className="mt-4 font-display text-3xl" aria-live="polite" data-testid="price">
            {least
              ? `From ${formatMoney(least.cents)}`
              : incomplete
                ? `From ${formatMoney(configured.fromCents)}`
                : formatMoney((configured?.totalCents ?? selected.priceCents) + engravingCents)}
            {least && <WasPrice cents={least.wasCents} className="ml-3 text-xl" />}
            {!least && !incomplete && (
              <WasPrice
                cents={plus(configured ? configured.wasCents : selected.wasCents, engravingCents)}
                className="ml-3 text-xl"
              />
            )}
          </p>
          <SaleNote sale={configured ? configured.sale : selected.sale} timezone={facts.timezone} className="mt-1" />
          {!least && !configured && <ListPrice cents={selected.listPriceCents} className="mt-1" />}
          {engravingCents > 0 && (
            <p className="text-xs text-muted">Includes engraving, {formatMoney(engravingCents)}</p>
          )}
          {least ? (
            <p className="mt-1 text-sm text-muted" data-testid="from-means">
              For {least.choices}
              {least.stones.length ? `, with ${listOf(least.stones.map(stoneName))}` : ''}: the least this piece costs
              today.{' '}
              <Link className="link" to={href(least.configuration)} preventScrollReset>
                Start from this one
              </Link>
            </p>
          ) : p.cheapest ? (
            <p className="mt-1 text-sm text-muted" data-testid="from-means">
              From {formatMoney(p.cheapest.priceCents)} in {variantName(p.cheapest)}.{' '}
              <Link
                className="link"
                to={paths.product({ ...designOf(p), productId: p.cheapest.id })}
                replace
                preventScrollReset
              >
                Show it
              </Link>
            </p>
          ) : (
            incomplete &&
            configured.fromStones.length > 0 && (
              <p className="mt-1 text-sm text-muted" data-testid="from-means">
                With the least that fits: {listOf(configured.fromStones.map(stoneName))}.{' '}
                <Link className="link" to={href(configured.fromConfiguration)} replace preventScrollReset>
                  Choose {configured.fromStones.length > 1 ? 'them' : 'it'}
                </Link>
              </p>
            )
          )}
          <p className="mt-1 text-xs text-muted">
            {configured
              ? `${configured.title}${least && !incomplete ? `: ${formatMoney(configured.totalCents + engravingCents)}` : ''} · SKU ${configured.sku}`
              : `${selected.metalName}${selected.fingerSize ? `, size ${selected.fingerSize}` : ''}${selected.lengthIn ? `, ${selected.lengthIn} in` : ''} · SKU ${selected.sku}`}
          </p>

          {configured ? (
            <Configurator product={p} configured={configured} error={configError} metalPicker={metalPicker} />
          ) : (
            <>
              {metalPicker}
              <VariantOptions
                variants={p.variants}
                selected={selected}
                onPick={(size, length) => pick(selected.metal, size, length)}
              />
            </>
          )}

          {offer && !soldOut && (
            <EngravingOption
              offer={offer}
              metal={currentMetal}
              kind={p.kind}
              value={engraving}
              onChange={setEngraving}
            />
          )}
          <AddToCartButton
            className="btn-primary mt-7 w-full py-4"
            what={p.GroupDescription}
            item={incomplete || soldOut ? null : toCart}
            label={soldOut ? 'Out of stock' : undefined}
          />
          <WishHeart look="button" className="mt-3 w-full py-3.5" what={p.GroupDescription} item={chosen} />
          {incomplete && (
            <p className="mt-2 text-sm text-muted">
              Choose the {configured.missing.map((m) => m.label.replace(/ \(.*$/, '').toLowerCase()).join(' and ')} to
              add this piece to your cart.
            </p>
          )}
          <p className="mt-3 text-sm text-muted">{shipText}</p>
          <SeeInPerson item={`product:${selected.id}`} title={p.GroupDescription}>
            <HintButton item={chosen} title={configured?.title ?? p.GroupDescription} />
          </SeeInPerson>
          <TrustLine
            madeToOrder={!!configured}
            engraved={!!engraving}
            resizable={isRing ? !isEternity : undefined}
            priceCents={(configured?.totalCents ?? selected.priceCents) + engravingCents}
          />
        </div>
      </div>
      <ProductDetails product={p} weightG={selected.weightG} />
      {loaderData.reviews ? <ProductReviewsSection reviews={loaderData.reviews} /> : null}
    </div>
  );
}

/** What the page says about the piece shown, worked out once for the page and its JSON-LD. */
function pageOf(p: ProductPage, configured: ConfiguredProduct | null, publicUrl: string, landing: boolean) {
  const selected = p.selected;
  return {
    selected,
    url: `${publicUrl}${paths.product({ series: p.series, categoryId: p.category.id, groupId: p.groupId, productId: selected.id })}`,
    crumbs: [
      { label: 'Home', href: '/' },
      ...p.category.breadcrumb.map((b) => ({ label: b.name, href: `/category/${b.id}` })),
      { label: p.GroupDescription },
    ],
    // A configured ring is made for the shopper whatever the stock of the catalogue variant: one promise, from the store's facts.
    madeToOrder: !!configured || (!p.stockTracked && selected.stock <= 0),
    // A piece sold from what is on hand: none left is out of stock (not made to order), and a few left is said.
    soldOut: !configured && p.stockTracked && selected.stock <= 0,
    // What the shopper would pay for what the page shows: the chosen configuration, or the least it can cost.
    offerCents: configured
      ? landing && configured.least
        ? configured.least.cents
        : configured.fromCents
      : selected.priceCents,
    sale: configured ? configured.sale : selected.sale,
  };
}

/** Nothing chosen in the address yet (the shopper came from a card or a link to the design). */
const isLanding = (params: URLSearchParams) => {
  const c = readChoices(params);
  return !c.metal && c.size === undefined && c.widthMm === undefined && !c.style && c.stones.length === 0;
};

const designOf = (p: ProductPage) => ({ series: p.series, categoryId: p.category.id, groupId: p.groupId });
const variantName = (v: NonNullable<ProductPage['cheapest']>) =>
  `${v.metalName}${v.fingerSize ? `, size ${v.fingerSize}` : ''}${v.lengthIn ? `, ${v.lengthIn} in` : ''}`;

/** "Center: 0.52 ct …" reads "a 0.52 ct …" in a sentence. */
const stoneName = (label: string) => label.replace(/^(Center|Accents): /, '');
const listOf = (items: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(items);

const plus = (cents: number | undefined, more: number) => (cents === undefined ? undefined : cents + more);

/** The store's calendar day of a moment (YYYY-MM-DD), as schema.org dates are written. */
const dayOf = (iso: string | undefined, timeZone: string) =>
  iso ? new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso)) : undefined;

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFoundTitle="This piece is no longer available"
      detail="It may have been retired from the collection. Similar designs are a click away."
      links={[
        { label: 'Engagement rings', href: paths.category(CATEGORY.engagement) },
        { label: 'Home', href: '/' },
      ]}
    />
  );
}
