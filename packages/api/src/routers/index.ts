import { createCallerFactory, router } from '../trpc';
import { accountRouter } from './account';
import { authRouter } from './auth';
import { creditsRouter } from './credits';
import { paymentsRouter } from './payments';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  credits: creditsRouter,
  payments: paymentsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
