import { PHOTOS_PER_PRODUCT, type AdminProduct } from '@facet/contracts/admin-catalogue';
import { adminApi } from '../shared/admin-api.ts';
import { PhotoPanel } from './photo-panel.tsx';

/** The design's photographs; the first is its card's. */
export function ProductPhotos({ product, onChanged }: { product: AdminProduct; onChanged: () => void }) {
  return (
    <PhotoPanel
      photos={product.photos}
      max={PHOTOS_PER_PRODUCT}
      what="product"
      empty="No photographs yet: the storefront shows the drawn picture of each metal."
      placeholder={product.description}
      upload={(body) => adminApi('POST /products/:id/photos', { params: product, body, timeoutMs: 120_000 })}
      remove={(key) => adminApi('DELETE /products/:id/photos/:key', { params: { id: product.id, key } })}
      makeFirst={(key) =>
        adminApi('PUT /products/:id/photos', {
          params: product,
          body: { keys: [key, ...product.photos.map((p) => p.key).filter((k) => k !== key)] },
        })
      }
      onChanged={onChanged}
    />
  );
}
