import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import {
  autocompleteQuery, categoryAnswer, categoryParams, categoryQuery, diamondAnswer, diamondOneQuery, diamondQuery, diamondSummary, fetchProductsQuery,
  gemstoneAnswer, gemstoneQuery, gemstoneTypeAnswer, meleeParcelSchema, meleeQuery, productDetail, productQuery, searchAnswer, searchBody, suggestion,
} from '@facet/contracts/catalog';
import { cachePublic } from '../../http-cache.ts';
import * as catalog from './service.ts';

// Thin routes: parse (schemas), call the service, answer with {data}. Anonymous catalogue answers are cacheable.
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/category/:id', { schema: { params: categoryParams, querystring: categoryQuery, response: { 200: envelope(categoryAnswer) } } },
    async (req, reply) => cachePublic(req, reply, { data: await catalog.getCategory(app.db, req.params.id, req.query) }, 60));

  app.get('/product/product', { schema: { querystring: productQuery, response: { 200: envelope(productDetail) } } },
    async (req, reply) => cachePublic(req, reply, { data: await catalog.getProduct(app.db, req.query.groupId, req.query.productId) }, 60));

  app.get('/stuller/fetch-products', { schema: { querystring: fetchProductsQuery } },
    async (req, reply) => cachePublic(req, reply, { data: await catalog.fetchProducts(app.db, req.query) }, 60));

  app.get('/diamond', { schema: { querystring: diamondQuery, response: { 200: envelope(diamondAnswer) } } },
    async (req, reply) => cachePublic(req, reply, { data: await catalog.searchDiamonds(app.db, req.query) }, 30));

  app.get('/product/diamond', { schema: { querystring: diamondOneQuery, response: { 200: envelope(diamondSummary) } } },
    async (req, reply) => cachePublic(req, reply, { data: await catalog.getDiamond(app.db, req.query.id) }, 30));

  app.get('/product/type-notable-gemstone', { schema: { querystring: z.object({}).strict(), response: { 200: envelope(gemstoneTypeAnswer) } } },
    async (req, reply) => cachePublic(req, reply, { data: await catalog.gemstoneTypes(app.db) }, 60));

  app.get('/product/notable-gemstone', { schema: { querystring: gemstoneQuery, response: { 200: envelope(gemstoneAnswer) } } },
    async (req, reply) => cachePublic(req, reply, { data: await catalog.gemstones(app.db, { ...req.query, limit: req.query.pageSize, offset: (req.query.page - 1) * req.query.pageSize }) }, 30));

  app.get('/melee', { schema: { querystring: meleeQuery, response: { 200: envelope(z.array(meleeParcelSchema)) } } },
    async (req, reply) => cachePublic(req, reply, { data: await catalog.melee(app.db, req.query) }, 60));

  app.post('/product/search-product', { schema: { body: searchBody, response: { 200: envelope(searchAnswer) } } },
    async (req) => ({ data: await catalog.searchProducts(app.db, req.body) }));

  app.get('/stuller/fetch-auto-complete', { schema: { querystring: autocompleteQuery, response: { 200: envelope(z.array(suggestion)) } } },
    async (req, reply) => cachePublic(req, reply, { data: await catalog.suggest(app.db, req.query.q) }, 60));
};
