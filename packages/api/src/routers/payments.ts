import { PLAN_IDS } from '@atelier/catalog';
import { z } from 'zod';
import { confirmPayment } from '../payments/confirm';
import { createPaymentIntent } from '../payments/create-intent';
import { paymentCatalog } from '../payments/packs';
import { paymentMessages } from '../payments/stripe';
import { receiveStripeEvent } from '../payments/webhook';
import { authedProcedure, publicProcedure, rateLimited, router } from '../trpc';

/** A number, or the same number written as text: the checkout passes its query values as given. */
const numeric = (message: string) =>
  z
    .union([z.number(), z.string().trim().min(1, message)], { error: message })
    .pipe(z.coerce.number({ error: message }));

const purchaseInput = z.object({
  credits: numeric(paymentMessages.invalidCredits).pipe(
    z.number().int(paymentMessages.invalidCredits).positive(paymentMessages.invalidCredits),
  ),
  amount: numeric(paymentMessages.invalidAmount).pipe(z.number().positive(paymentMessages.invalidAmount)),
});

const catalogResult = z.object({
  packs: z.array(
    z.object({
      credits: z.number(),
      price: z.number(),
      currency: z.literal('EUR'),
      bonus: z.number(),
      popular: z.boolean(),
      transformations: z.number(),
      pricePer1000Credits: z.number(),
    }),
  ),
  plans: z.array(
    z.object({
      id: z.enum(PLAN_IDS),
      name: z.string(),
      credits: z.number(),
      price: z.number(),
      currency: z.literal('EUR'),
      popular: z.boolean(),
      transformations: z.number(),
      extraPercent: z.number().describe("Combien de crédits en plus (en %) qu'avec les packs pour le même prix."),
    }),
  ),
});

const paymentResult = z.object({ status: z.string(), credits: z.number(), balance: z.number() });

export const paymentsRouter = router({
  /** The packs on sale and the subscription plans shown beside them. */
  catalog: publicProcedure.output(catalogResult).query(() => paymentCatalog()),

  /** The key Stripe Elements needs in the browser, or null when payments are not set up. */
  config: publicProcedure
    .output(z.object({ publishableKey: z.string().nullable() }))
    .query(({ ctx }) => ({ publishableKey: ctx.payments.publishableKey })),

  createIntent: authedProcedure
    .use(rateLimited('payments'))
    .input(purchaseInput)
    .output(z.object({ clientSecret: z.string(), paymentIntentId: z.string() }))
    .mutation(({ ctx, input }) => createPaymentIntent(ctx, { ...input, userId: ctx.user.id })),

  confirm: authedProcedure
    .input(
      z.object({
        paymentIntentId: z
          .string({ error: paymentMessages.invalidIntentId })
          .max(191, paymentMessages.invalidIntentId)
          .regex(/^pi_[A-Za-z0-9]+$/, paymentMessages.invalidIntentId),
      }),
    )
    .output(paymentResult)
    .mutation(({ ctx, input }) => confirmPayment(ctx, { userId: ctx.user.id, intentId: input.paymentIntentId })),

  /**
   * Stripe's events. The payload must be the raw bytes Stripe signed, so only the REST webhook,
   * which keeps them, can call this; over /trpc it is refused like an unsigned event.
   */
  webhook: publicProcedure
    .input(
      z.object({
        payload: z.instanceof(Uint8Array, { error: paymentMessages.invalidSignature }),
        signature: z.string({ error: paymentMessages.invalidSignature }).min(1, paymentMessages.invalidSignature),
      }),
    )
    .output(z.object({ received: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await receiveStripeEvent(ctx, { payload: input.payload, signature: input.signature });
      return { received: true as const };
    }),
});
