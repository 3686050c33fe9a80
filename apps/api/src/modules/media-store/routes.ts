import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_FORMATS, PHOTO_SIZES, type PhotoFormat, type PhotoSize } from '@facet/contracts/photo-sizes';
import { photoFile } from './photo-files.ts';

const FILE = new RegExp(`^([A-Za-z0-9_-]{16})-(${PHOTO_SIZES.join('|')})\\.(${PHOTO_FORMATS.join('|')})$`);

/**
 * Photographs (a design's or a loose stone's) by an unguessable key whose bytes never change:
 * cacheable forever, whichever store keeps them. A size or format not made yet is made on this
 * first ask and kept, so the next ask (and every cache in front) has it.
 */
export const photoFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/photo/:file',
    {
      schema: { params: z.object({ file: z.string().regex(FILE) }), hide: true },
      config: { rateLimit: false },
    },
    async (req, reply) => {
      const [, key, size, format] = FILE.exec(req.params.file)! as unknown as [string, string, PhotoSize, PhotoFormat];
      const bytes = await photoFile(app.media, key, size, format);
      if (!bytes) return reply.status(404).send({ message: 'No such image' });
      return reply.header('cache-control', 'public, max-age=31536000, immutable').type(`image/${format}`).send(bytes);
    },
  );
};
