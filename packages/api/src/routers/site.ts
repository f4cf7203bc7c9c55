import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

const detail = z.string().nullable();

export const siteRouter = router({
  /** Who runs this instance (the server's settings), for the legal pages, the contact and a forgotten password. */
  operator: publicProcedure
    .output(z.object({ name: detail, address: detail, email: detail, hostingProvider: detail }))
    .query(({ ctx }) => ctx.config.operator),
});
