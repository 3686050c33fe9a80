import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// Every route, plus the blog, sitemap and robots. Order does not matter: ranking does.
export default [
  layout('routes/_store.tsx', [
    index('routes/home.tsx'),
    route('product/:series/:categoryId/:groupId/:productId', 'routes/product.tsx'),
    route('diamond/:series/:categoryId/:groupId/:productId', 'routes/diamond.tsx'),
    route('category/:id', 'routes/category.tsx'),
    route('search', 'routes/search.tsx'),
    route('notable-gemstones/shop-by-stone-type', 'routes/stone-types.tsx'),
    route('notable-gemstone/:type', 'routes/stone-type.tsx'),
    route('contact-us', 'routes/contact-us.tsx'),
    route('privacy-policy', 'routes/policy.tsx', { id: 'privacy-policy' }),
    route('return-policy', 'routes/policy.tsx', { id: 'return-policy' }),
    route('terms-condition', 'routes/policy.tsx', { id: 'terms-condition' }),
    route('shipping-policy', 'routes/policy.tsx', { id: 'shipping-policy' }),
    route('diamonds', 'routes/diamonds.tsx'),
    route('diamonds/melee', 'routes/melee.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('order-confirmation', 'routes/order-confirmation.tsx'),
    route('reset-password/:token', 'routes/reset-password.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('address', 'routes/address.tsx'),
    route('profile/orders', 'routes/orders.tsx'),
    route('newsletter/confirm/:token', 'routes/newsletter-confirm.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:slug', 'routes/blog-post.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('checkout', 'routes/checkout.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
