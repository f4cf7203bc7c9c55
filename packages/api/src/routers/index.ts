import { createCallerFactory, router } from '../trpc';
import { accountRouter } from './account';
import { adminRouter } from './admin';
import { apiTokensRouter } from './api-tokens';
import { authRouter } from './auth';
import { creditsRouter } from './credits';
import { feedRouter } from './feed';
import { galleryRouter } from './gallery';
import { jobsRouter } from './jobs';
import { paymentsRouter } from './payments';
import { sessionsRouter } from './sessions';
import { siteRouter } from './site';
import { subscriptionsRouter } from './subscriptions';
import { mediaRouter } from './media';
import { moderationRouter } from './moderation';
import { transformRouter } from './transform';
import { videosRouter } from './videos';
import { workflowRouter } from './workflow';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  sessions: sessionsRouter,
  apiTokens: apiTokensRouter,
  credits: creditsRouter,
  payments: paymentsRouter,
  subscriptions: subscriptionsRouter,
  transform: transformRouter,
  media: mediaRouter,
  videos: videosRouter,
  gallery: galleryRouter,
  feed: feedRouter,
  workflow: workflowRouter,
  jobs: jobsRouter,
  site: siteRouter,
  moderation: moderationRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
