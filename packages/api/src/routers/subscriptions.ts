import { PLAN_IDS } from '@atelier/catalog';
import { z } from 'zod';
import {
  cancelSubscription,
  confirmSubscription,
  openBillingPortal,
  resumeSubscription,
  subscribe,
  subscriptionMessages,
  subscriptionStatus,
} from '../subscriptions';
import { authedProcedure, rateLimited, router } from '../trpc';

const planInput = z.object({
  plan: z.enum(PLAN_IDS, { error: subscriptionMessages.unknownPlan }),
});

const statusResult = z.object({
  subscription: z
    .object({
      plan: z.enum(PLAN_IDS),
      status: z.string(),
      premium: z.boolean(),
      pastDue: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      nextRenewal: z
        .object({ date: z.string(), plan: z.enum(PLAN_IDS), amountCents: z.number(), credits: z.number() })
        .nullable(),
    })
    .nullable(),
  invoices: z.array(
    z.object({
      id: z.string(),
      paidAt: z.string(),
      amountCents: z.number(),
      currency: z.string(),
      credits: z.number(),
      url: z.string().nullable(),
    }),
  ),
});

const changeProcedure = authedProcedure.use(rateLimited('payments'));

export const subscriptionsRouter = router({
  /** The plan, its state, the next renewal and the paid invoices. */
  status: authedProcedure.output(statusResult).query(({ ctx }) => subscriptionStatus(ctx.em, ctx.user.id)),

  /** Subscribes to a plan, or changes to it: a client secret when the browser has a payment to confirm. */
  subscribe: changeProcedure
    .input(planInput)
    .output(
      z.object({
        clientSecret: z.string().nullable(),
        amountDueCents: z.number().int().nullable(),
        plan: z.enum(PLAN_IDS),
        status: z.string(),
      }),
    )
    .mutation(({ ctx, input }) => subscribe(ctx, { userId: ctx.user.id, planId: input.plan })),

  /** After the browser paid: the subscription as Stripe has it, and the credits of its paid invoice. */
  confirm: changeProcedure
    .output(z.object({ status: z.string(), credits: z.number() }))
    .mutation(({ ctx }) => confirmSubscription(ctx.em, ctx.payments.stripe, ctx.user.id)),

  cancel: changeProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    await cancelSubscription(ctx.em, ctx.payments.stripe, ctx.user.id);
    return { ok: true as const };
  }),

  resume: changeProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    await resumeSubscription(ctx.em, ctx.payments.stripe, ctx.user.id);
    return { ok: true as const };
  }),

  /** Stripe's page to update the card; it sends the subscriber back to `returnUrl`. */
  portal: changeProcedure
    .input(z.object({ returnUrl: z.url({ protocol: /^https?$/, error: 'Adresse de retour invalide.' }).max(2048) }))
    .output(z.object({ url: z.string() }))
    .mutation(({ ctx, input }) => openBillingPortal(ctx, { userId: ctx.user.id, returnUrl: input.returnUrl })),
});
