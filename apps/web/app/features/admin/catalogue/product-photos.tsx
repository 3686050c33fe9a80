import { PHOTOS_PER_PRODUCT, type AdminProduct } from '@facet/contracts/admin-catalogue';
import { adminApi } from '../shared/admin-api.ts';
import { PhotoPanel } from './photo-panel.tsx';

/** The design's photographs, in staff's order (the first is its card's), each of one metal or of any. */
export function ProductPhotos({ product, onChanged }: { product: AdminProduct; onChanged: () => void }) {
  const metals = [...new Map(product.variants.map((v) => [v.metal, v.metalName]))].map(([quality, name]) => ({
    quality,
    name,
  }));
  return (
    <PhotoPanel
      photos={product.photos}
      max={PHOTOS_PER_PRODUCT}
      what="product"
      empty="No photographs yet: the storefront shows the drawn picture of each metal."
      placeholder={product.description}
      upload={(body) => adminApi('POST /products/:id/photos', { params: product, body, timeoutMs: 120_000 })}
      remove={(key) => adminApi('DELETE /products/:id/photos/:key', { params: { id: product.id, key } })}
      reorder={(keys) => adminApi('PUT /products/:id/photos', { params: product, body: { keys } })}
      metals={metals.length > 1 ? metals : undefined}
      describe={(key, body) => adminApi('PATCH /products/:id/photos/:key', { params: { id: product.id, key }, body })}
      onChanged={onChanged}
    />
  );
}
