import { useSavedRingSize } from '~/lib/saved-ring-size.ts';
import { COLORS } from '@facet/contracts/grades';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import type { PhotoAnswer } from '@facet/contracts/catalog';
import type { ProductPage } from '~/lib/product-page.ts';
import type { ConfiguredProduct, ConfiguredStone, StoneFamily } from '@facet/contracts/configurator';
import { apiRequest } from '~/lib/api.ts';
import { centsOf, formatMoney } from '@facet/contracts/money';
import { stoneParam } from './choices.ts';
import { ChipRadioGroup } from '~/components/ui/chip-radio-group.tsx';
import { Photo } from '~/components/ui/photo.tsx';

const PhotoZoom = lazy(() => import('~/components/ui/photo-zoom.tsx'));

interface Props {
  product: ProductPage;
  configured: ConfiguredProduct | null;
  error: string | null;
  metalPicker: React.ReactNode;
}

/** Step-by-step: metal, size (or width), center stone, accents; the server prices every step. */
export function Configurator({ product, configured, error, metalPicker }: Props) {
  const config = product.configuration!;
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'loading';
  const [zoomed, setZoomed] = useState<PhotoAnswer | null>(null);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    navigate(`?${next}`, { replace: true, preventScrollReset: true });
  };
  // A signed-in shopper's own size is chosen first, unless the address names one (a shared ring).
  const saved = useSavedRingSize();
  useEffect(() => {
    if (saved !== null && !params.has('size') && config.sizes.includes(saved)) set({ size: String(saved) });
  }, [saved]); // eslint-disable-line react-hooks/exhaustive-deps
  // Show what the server priced (a size it could not make falls back to 7, with the reason shown).
  const size = String(configured?.configuration.size ?? 7);
  const chosen = configured?.configuration.stones ?? [];
  return (
    <div id="configurator" className="mt-2 space-y-7" aria-busy={busy}>
      {metalPicker}
      {config.sizes.length > 0 && (
        <div>
          <label htmlFor="config-size" className="eyebrow">
            Ring size
          </label>
          <select
            id="config-size"
            className="field mt-2 max-w-xs"
            value={size}
            onChange={(e) => set({ size: e.target.value })}
          >
            {config.sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <p className="mt-1.5 text-xs text-muted">
            <Link to="/blog/ring-sizing" className="underline">
              Size guide
            </Link>{' '}
            · the price follows the size: a larger ring takes more metal, and sizes above 9 take bench time too.
          </p>
        </div>
      )}
      {config.styles && (
        <ChipRadioGroup
          label="Profile"
          options={config.styles.map((st) => st.name)}
          value={configured?.configuration.style ?? config.styles[0]!.name}
          onChange={(name) => set({ style: name })}
          render={(name) => {
            const cents = config.styles!.find((st) => st.name === name)!.labourCents;
            return cents ? `${name} (+${formatMoney(cents)})` : name;
          }}
        />
      )}
      {config.widthsMm && (
        <ChipRadioGroup
          label="Width"
          options={config.widthsMm}
          value={configured?.configuration.widthMm ?? 4}
          onChange={(w) => set({ width: String(w) })}
          render={(w) => `${w} mm`}
        />
      )}
      {config.locations.map((loc) => {
        const pick = chosen.find((s) => s.location === loc.LocationNumber);
        const photo = configured?.stonePhotos.find((p) => p.location === loc.LocationNumber)?.photo;
        const line = configured?.breakdown.find((l) => l.kind === 'stone' && l.location === loc.LocationNumber);
        return (
          <section
            key={loc.LocationNumber}
            aria-labelledby={`loc-${loc.LocationNumber}`}
            className="border-t border-hairline pt-5"
          >
            <h2 id={`loc-${loc.LocationNumber}`} className="eyebrow font-sans">
              {loc.group === 'Center'
                ? `Center stone: ${loc.shape}, ${loc.caratMin?.toFixed(2)}–${loc.caratMax?.toFixed(2)} ct`
                : `Accent stones: ${loc.count} × ${loc.sizeMm} mm ${loc.shape.toLowerCase()}`}
              {loc.optional && (
                <span className="ml-2 font-normal normal-case tracking-normal text-muted">optional</span>
              )}
            </h2>
            {pick && line ? (
              <div className="mt-3 flex items-center justify-between gap-3 border border-primary bg-secondary/50 px-3 py-2.5 text-sm">
                {photo && (
                  <button
                    type="button"
                    className="h-14 w-14 shrink-0 cursor-zoom-in bg-white"
                    onClick={() => setZoomed(photo)}
                    aria-label={`Enlarge the photograph of the ${line.label.replace(/^(Center|Accents): /, '')}`}
                  >
                    <Photo photo={photo} sizes="3.5rem" className="h-full w-full object-contain" />
                  </button>
                )}
                <span className="mr-auto">{line.label.replace(/^(Center|Accents): /, '')}</span>
                <button
                  type="button"
                  className="shrink-0 text-xs font-medium text-primary underline"
                  onClick={() => set({ [`s${loc.LocationNumber}`]: null })}
                >
                  Remove stone
                </button>
              </div>
            ) : (
              <StonePicker
                groupId={product.groupId}
                location={loc.LocationNumber}
                onPick={(s) => set({ [`s${loc.LocationNumber}`]: stoneParam(s.kind, s.id) })}
                searchAll={
                  loc.group === 'Center'
                    ? `/diamonds?shape=${loc.shape}&caratMin=${loc.caratMin!.toFixed(2)}&caratMax=${loc.caratMax!.toFixed(2)}&returnTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`
                    : undefined
                }
              />
            )}
          </section>
        );
      })}
      {zoomed && (
        <Suspense fallback={null}>
          <PhotoZoom photo={zoomed} title="Your stone" onClose={() => setZoomed(null)} />
        </Suspense>
      )}
      {error && (
        <p role="alert" className="border border-danger/30 bg-[#fbeeee] px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      {configured && (
        <section aria-label="Price breakdown" className="border border-hairline bg-panel p-4 text-sm">
          <dl className="space-y-1.5">
            {configured.breakdown.map((l, i) => (
              <div
                key={i}
                className={`flex justify-between gap-4 ${l.kind === 'sale' ? 'font-medium text-primary' : ''}`}
              >
                <dt className={l.kind === 'sale' ? undefined : 'text-muted'}>{l.label}</dt>
                <dd>{formatMoney(l.cents, { exact: true })}</dd>
              </div>
            ))}
            {configured.missing.length > 0 ? (
              <div className="flex justify-between gap-4 border-t border-hairline pt-2 font-medium">
                <dt>
                  With the least costly {configured.missing.length > 1 ? 'stones' : 'stone'} that{' '}
                  {configured.missing.length > 1 ? 'fit' : 'fits'}, from
                </dt>
                <dd data-testid="configured-total">{formatMoney(configured.fromCents, { exact: true })}</dd>
              </div>
            ) : (
              <div className="flex justify-between gap-4 border-t border-hairline pt-2 font-medium">
                <dt>Total</dt>
                <dd data-testid="configured-total">{formatMoney(configured.totalCents, { exact: true })}</dd>
              </div>
            )}
          </dl>
          {configured.missing.length > 0 && (
            <p className="mt-2 text-xs text-muted" data-testid="still-to-choose">
              This piece is sold with its stones. Still to choose:{' '}
              {configured.missing.map((m) => m.label.charAt(0).toLowerCase() + m.label.slice(1)).join('; ')}.
            </p>
          )}
        </section>
      )}
    </div>
  );
}

function StonePicker({
  groupId,
  location,
  onPick,
  searchAll,
}: {
  groupId: number;
  location: number;
  onPick: (s: ConfiguredStone) => void;
  searchAll?: string;
}) {
  const [families, setFamilies] = useState<StoneFamily[]>([]);
  const [family, setFamily] = useState('diamond');
  const [found, setFound] = useState<{ query: string; stones: ConfiguredStone[] } | null>(null);
  const [sort, setSort] = useState('price-asc');
  const [colorMax, setColorMax] = useState('');
  const [priceMax, setPriceMax] = useState('');
  const isDiamond = family === 'diamond' || family === 'lab-grown-diamond';
  useEffect(() => {
    apiRequest<{ StoneFamilies: Record<string, StoneFamily[]> }>('/stuller/stone-families', {
      method: 'POST',
      body: { groupId, locations: [location] },
    })
      .then((r) => setFamilies(r.StoneFamilies[location] ?? []))
      .catch(() => setFamilies([]));
  }, [groupId, location]);
  // The list belongs to the query that found it: a changed filter shows "Finding…" until its answer.
  const filters = {
    ...(isDiamond && colorMax ? { colorMax: Number(colorMax) } : {}),
    ...(priceMax ? { priceMax: Number(priceMax) } : {}),
  };
  const query = JSON.stringify({ groupId, location, family, sort, limit: 12, filters });
  const stones = found?.query === query ? found.stones : null;
  useEffect(() => {
    const c = new AbortController();
    apiRequest<{ ConfiguredStones: Record<string, ConfiguredStone[]> }>('/stuller/search-stones', {
      method: 'POST',
      body: JSON.parse(query) as object,
      signal: c.signal,
    })
      .then((r) => setFound({ query, stones: r.ConfiguredStones[location] ?? [] }))
      .catch(() => {
        if (!c.signal.aborted) setFound({ query, stones: [] });
      });
    return () => c.abort();
  }, [query, location]);
  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center gap-2">
        <div role="tablist" aria-label={`Stone family, location ${location}`} className="flex flex-wrap gap-1.5">
          {families.map((f) => (
            <button
              key={f.slug}
              type="button"
              role="tab"
              aria-selected={f.slug === family}
              onClick={() => setFamily(f.slug)}
              className={`rounded-full border px-3 py-1 text-xs ${f.slug === family ? 'border-primary bg-secondary' : 'border-hairline hover:border-muted'}`}
            >
              {f.name}
            </button>
          ))}
        </div>
        {searchAll && (
          <Link to={searchAll} className="text-xs font-medium text-primary underline">
            Search every diamond
          </Link>
        )}
        {isDiamond && (
          <label className="ml-auto text-xs text-muted">
            Color{' '}
            <select
              className="ml-1 rounded-sm border border-hairline px-1.5 py-1 text-xs"
              value={colorMax}
              onChange={(e) => setColorMax(e.target.value)}
            >
              <option value="">Any</option>
              {COLORS.slice(0, 7).map((c, i) => (
                <option key={c} value={i}>
                  {c === 'D' ? 'D only' : `D–${c}`}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={`${isDiamond ? '' : 'ml-auto '}text-xs text-muted`}>
          Up to{' '}
          <select
            className="ml-1 rounded-sm border border-hairline px-1.5 py-1 text-xs"
            value={priceMax}
            onChange={(e) => setPriceMax(e.target.value)}
          >
            <option value="">any price</option>
            {[1000, 2500, 5000, 10000, 25000].map((p) => (
              <option key={p} value={p}>
                {formatMoney(centsOf(p))}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs text-muted">
          Sort{' '}
          <select
            className="ml-1 rounded-sm border border-hairline px-1.5 py-1 text-xs"
            value={sort}
            onChange={(e) => setSort(e.target.value)}
          >
            <option value="price-asc">Price ↑</option>
            <option value="price-desc">Price ↓</option>
            <option value="carat-desc">Carat ↓</option>
          </select>
        </label>
      </div>
      {stones === null ? (
        <p className="mt-3 text-sm text-muted" role="status">
          Finding stones that fit…
        </p>
      ) : stones.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          No stones of this family fit this setting right now. Try another family, or{' '}
          <Link to="/contact-us" className="underline">
            ask us to source one
          </Link>
          .
        </p>
      ) : (
        <ul
          className="mt-3 max-h-80 divide-y divide-hairline overflow-y-auto border border-hairline"
          aria-label="Stones that fit"
        >
          {stones.map((s) => (
            <li key={`${s.kind}${s.id}`} className="flex items-center gap-3 px-3 py-2 text-sm">
              <img src={s.image} alt="" width={36} height={36} loading="lazy" className="h-9 w-9 bg-panel" />
              <span className="flex-1">
                {s.title}
                {s.quantity > 1 ? ` × ${s.quantity}` : ''}
              </span>
              <span className="font-medium">
                {formatMoney(s.unitPriceCents * s.quantity, { exact: s.unitPriceCents < 100 })}
              </span>
              <button
                type="button"
                className="rounded-sm border border-ink px-2.5 py-1 text-xs font-medium hover:bg-ink hover:text-white"
                onClick={() => onPick(s)}
                aria-label={`Select ${s.title}`}
              >
                Select
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
