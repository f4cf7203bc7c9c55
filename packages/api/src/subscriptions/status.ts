import { findPlan } from '@atelier/catalog';
import { Subscription, SubscriptionInvoice, type EntityManager } from '@atelier/db';

const INVOICES_SHOWN = 12;

/**
 * What the account page shows of the user's subscription: the plan paid for, its state, the next
 * renewal (date, plan and amount, none when it ends at the period's end) and the last paid invoices.
 */
export async function subscriptionStatus(em: EntityManager, userId: number) {
  const latest = await em.findOne(
    Subscription,
    { user: userId, status: { $nin: ['incomplete', 'incomplete_expired'] } },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  const invoices = await em.find(
    SubscriptionInvoice,
    { user: userId },
    { orderBy: { paidAt: 'desc', id: 'desc' }, limit: INVOICES_SHOWN },
  );
  const plan = latest ? findPlan(latest.plan) : undefined;
  // A downgrade leaves the plan paid for until the renewal, which brings the scheduled one.
  const renewal = latest ? findPlan(latest.renewalPlan ?? latest.plan) : undefined;
  const ended = !latest || latest.status === 'canceled';
  return {
    subscription:
      latest && plan
        ? {
            plan: plan.id,
            status: latest.status,
            premium: latest.status === 'active' || latest.status === 'trialing',
            pastDue: latest.status === 'past_due' || latest.status === 'unpaid',
            currentPeriodEnd: latest.currentPeriodEnd?.toISOString() ?? null,
            cancelAtPeriodEnd: latest.cancelAtPeriodEnd === true,
            nextRenewal:
              ended || latest.cancelAtPeriodEnd || !latest.currentPeriodEnd || !renewal
                ? null
                : {
                    date: latest.currentPeriodEnd.toISOString(),
                    plan: renewal.id,
                    amountCents: renewal.priceCents,
                    credits: renewal.credits,
                  },
          }
        : null,
    invoices: invoices.map((invoice) => ({
      id: invoice.stripeId,
      paidAt: invoice.paidAt.toISOString(),
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      credits: invoice.credits,
      url: invoice.hostedUrl ?? null,
    })),
  };
}
