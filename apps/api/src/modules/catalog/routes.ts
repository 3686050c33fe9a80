import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import {
  autocompleteQuery,
  categoryAnswer,
  catalogueStats,
  categoryParams,
  categoryQuery,
  diamondAnswer,
  diamondOneQuery,
  diamondQuery,
  diamondDetail,
  fetchProductsQuery,
  gemstoneAnswer,
  gemstoneQuery,
  gemstoneTypeAnswer,
  meleeParcelSchema,
  meleeQuery,
  productDetail,
  productQuery,
  searchAnswer,
  searchBody,
  suggestion,
} from '@facet/contracts/catalog';
import { cachedPublic, tagAnswer } from '../../cache/index.ts';
import { tags } from '../../cache/index.ts';
import * as catalog from './service.ts';

// Thin routes: parse (schemas), call the service, answer with {data}. Anonymous catalogue answers are cacheable.
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/category/:id',
    { schema: { params: categoryParams, querystring: categoryQuery, response: { 200: envelope(categoryAnswer) } } },
    async (req, reply) =>
      cachedPublic(req, reply, () => catalog.getCategory(app.db, req.params.id, req.query), [tags.products]),
  );

  app.get(
    '/product/product',
    { schema: { querystring: productQuery, response: { 200: envelope(productDetail) } } },
    async (req, reply) =>
      cachedPublic(req, reply, () => catalog.getProduct(app.db, req.query.groupId, req.query.productId), [
        tags.products,
      ]),
  );

  app.get('/stuller/fetch-products', { schema: { querystring: fetchProductsQuery } }, async (req, reply) =>
    cachedPublic(req, reply, () => catalog.fetchProducts(app.db, req.query), [tags.products]),
  );

  app.get(
    '/diamond',
    { schema: { querystring: diamondQuery, response: { 200: envelope(diamondAnswer) } } },
    async (req, reply) =>
      cachedPublic(
        req,
        reply,
        () => catalog.searchDiamonds(app.diamondIndex, req.query, app.storeSettings.current().videoOrigins),
        [tags.stones, tags.stoneLists],
      ),
  );

  app.get('/catalogue/stats', { schema: { response: { 200: envelope(catalogueStats) } } }, async (req, reply) =>
    cachedPublic(req, reply, () => catalog.catalogueStats(app.diamondIndex), [tags.stoneCount]),
  );

  app.get(
    '/product/diamond',
    { schema: { querystring: diamondOneQuery, response: { 200: envelope(diamondDetail) } } },
    async (req, reply) =>
      cachedPublic(
        req,
        reply,
        () => catalog.getDiamond(app.db, req.query.id, app.storeSettings.current().videoOrigins),
        [tags.stones, tags.stone(req.query.id)],
      ),
  );

  app.get(
    '/product/type-notable-gemstone',
    { schema: { querystring: z.object({}).strict(), response: { 200: envelope(gemstoneTypeAnswer) } } },
    async (req, reply) => cachedPublic(req, reply, () => catalog.gemstoneTypes(app.db), [tags.gemstones]),
  );

  app.get(
    '/product/notable-gemstone',
    { schema: { querystring: gemstoneQuery, response: { 200: envelope(gemstoneAnswer) } } },
    async (req, reply) =>
      cachedPublic(
        req,
        reply,
        () =>
          catalog.gemstones(
            app.db,
            { ...req.query, limit: req.query.pageSize, offset: (req.query.page - 1) * req.query.pageSize },
            app.storeSettings.current().videoOrigins,
          ),
        [tags.gemstones],
      ),
  );

  app.get(
    '/melee',
    { schema: { querystring: meleeQuery, response: { 200: envelope(z.array(meleeParcelSchema)) } } },
    async (req, reply) => cachedPublic(req, reply, () => catalog.melee(app.db, req.query), [tags.melee]),
  );

  app.post(
    '/product/search-product',
    { schema: { body: searchBody, response: { 200: envelope(searchAnswer) } } },
    // Searches are the same for everyone and mostly the same few words: kept like the catalogue
    // answers (dropped on every catalogue change, on every instance).
    async (req, reply) => {
      const { data, page, pageSize } = req.body;
      const kept = await app.answerCache.get(`search ${JSON.stringify([data, page, pageSize])}`, async () => ({
        data: await catalog.searchProducts(app.database, { data, page, pageSize }),
      }));
      // Not kept by a shared cache (a POST), but the search page that reads it is.
      if (app.answerCache.isCurrent(kept)) tagAnswer(reply, [tags.products]);
      return kept.body as { data: Awaited<ReturnType<typeof catalog.searchProducts>> };
    },
  );

  app.get(
    '/stuller/fetch-auto-complete',
    { schema: { querystring: autocompleteQuery, response: { 200: envelope(z.array(suggestion)) } } },
    async (req, reply) => cachedPublic(req, reply, () => catalog.suggest(app.db, req.query.q), [tags.products]),
  );
};
