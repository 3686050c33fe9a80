import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTENT_KINDS, contentList, contentPageAnswer, contentParams } from '@facet/contracts/content';
import { envelope } from '@facet/contracts/envelope';
import { NotFound } from '../../errors.ts';
import { cachedPublic } from '../../cache/index.ts';
import { adminRoute } from '../../plugins/admin-op.ts';
import { storeFacts } from '../../store-facts.ts';
import { actorOf } from '../staff/index.ts';
import * as content from './service.ts';
import { homeForShoppers, homeForStaff, saveHome } from './home.ts';
import { homeAnswer } from '@facet/contracts/home';
import { acceptPhotoForms, readPhotoForm } from '../../photo-form.ts';
import { makePhotoSizesSoon, processPhoto } from '../media-store/index.ts';
import { addImage, imagesForStaff, removeImage } from './images.ts';

/** The pages shoppers read: a policy or a post, and the journal's list. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const facts = () => storeFacts(app.storeSettings.current(), app.config);
  // Content is kept in content_page and store_setting, whose every change purges the whole store
  // (cache-tags.ts): the answers are kept like the catalogue's (every change drops them, on every
  // instance) and filed under nothing more. A page rendered for a new address reads them kept.
  app.get('/content/home', { schema: { response: { 200: envelope(homeAnswer) } } }, (req, reply) =>
    cachedPublic(req, reply, () => homeForShoppers(app.db, facts()), []),
  );
  app.get(
    '/content/:kind',
    {
      schema: {
        params: z.object({ kind: z.enum(CONTENT_KINDS) }).strict(),
        response: { 200: envelope(contentList) },
      },
    },
    (req, reply) => cachedPublic(req, reply, () => content.contentList(app.db, facts(), req.params.kind), []),
  );
  app.get(
    '/content/:kind/:slug',
    { schema: { params: contentParams, response: { 200: envelope(contentPageAnswer) } } },
    (req, reply) =>
      cachedPublic(
        req,
        reply,
        async () => {
          const page = await content.contentPage(
            app.db,
            facts(),
            req.params.kind,
            req.params.slug,
            app.storeSettings.savedAt(),
          );
          if (!page) throw new NotFound('There is no such page.');
          return page;
        },
        [],
      ),
  );
};

export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptPhotoForms(app);
  const facts = () => storeFacts(app.storeSettings.current(), app.config);
  app.route({ ...adminRoute('GET /content/images'), handler: async () => ({ data: await imagesForStaff(app.db) }) });
  app.route({
    ...adminRoute('POST /content/images'),
    handler: async (req, reply) => {
      const form = await readPhotoForm(req);
      const photo = await processPhoto(form.file);
      const data = await addImage(app.db, app.media, actorOf(req.staff!.staff), photo, form.alt);
      void makePhotoSizesSoon(app, photo.key, req.log);
      return reply.status(201).send({ data });
    },
  });
  app.route({
    ...adminRoute('DELETE /content/images/:key'),
    handler: async (req, reply) => {
      await removeImage(app.db, app.media, actorOf(req.staff!.staff), req.params.key);
      return reply.status(204).send({ data: null });
    },
  });
  app.route({ ...adminRoute('GET /content'), handler: async () => ({ data: await content.pagesForStaff(app.db) }) });
  app.route({ ...adminRoute('GET /content/home'), handler: async () => ({ data: await homeForStaff(app.db) }) });
  app.route({
    ...adminRoute('PUT /content/home'),
    handler: async (req) => ({
      data: await saveHome(app.db, facts(), actorOf(req.staff!.staff), req.body.version, req.body.home),
    }),
  });
  app.route({
    ...adminRoute('GET /content/:kind/:slug'),
    handler: async (req) => ({ data: await content.pageForStaff(app.db, req.params.kind, req.params.slug) }),
  });
  app.route({
    ...adminRoute('PUT /content/:kind/:slug'),
    handler: async (req) => ({
      data: await content.savePage(
        app.db,
        facts(),
        actorOf(req.staff!.staff),
        req.params.kind,
        req.params.slug,
        req.body,
      ),
    }),
  });
  app.route({
    ...adminRoute('POST /content/:kind/:slug/visibility'),
    handler: async (req) => ({
      data: await content.setPostHidden(
        app.db,
        actorOf(req.staff!.staff),
        req.params.kind,
        req.params.slug,
        req.body.version,
        req.body.hidden,
      ),
    }),
  });
  app.route({
    ...adminRoute('DELETE /content/:kind/:slug'),
    handler: async (req, reply) => {
      await content.deletePost(app.db, actorOf(req.staff!.staff), req.params.kind, req.params.slug, req.query.version);
      return reply.status(204).send({ data: null });
    },
  });
  app.route({
    ...adminRoute('POST /content/preview'),
    handler: async (req) => ({ data: content.previewPage(facts(), req.body) }),
  });
};
