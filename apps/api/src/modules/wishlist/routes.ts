import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import { shareTokenParam, sharedWishlistSchema, wishItemBody, wishlistSchema } from '@facet/contracts/wishlist';
import { ownerOf } from '../../plugins/auth.ts';
import * as wishlists from './service.ts';

const itemParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const reply = { 200: envelope(wishlistSchema) };

  app.get('/wishlist', { schema: { response: reply } }, async (req) => ({
    data: await wishlists.getWishlist(app.db, await ownerOf(req)),
  }));

  app.post('/wishlist/items', { schema: { body: wishItemBody, response: reply } }, async (req) => ({
    data: await wishlists.saveItem(app.db, await ownerOf(req), req.body),
  }));

  app.delete('/wishlist/items/:id', { schema: { params: itemParams, response: reply } }, async (req) => ({
    data: await wishlists.removeItem(app.db, await ownerOf(req), req.params.id),
  }));

  app.post('/wishlist/share', { schema: { response: reply } }, async (req) => ({
    data: await wishlists.renewShareLink(app.db, await ownerOf(req)),
  }));

  // Read-only, for whoever holds the link; never indexed, never cached by a shared cache.
  app.get(
    '/wishlist/shared/:token',
    { schema: { params: shareTokenParam, response: { 200: envelope(sharedWishlistSchema) } } },
    async (req) => ({ data: await wishlists.sharedWishlist(app.db, req.params.token) }),
  );
};
