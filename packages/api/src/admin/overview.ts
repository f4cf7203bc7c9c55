import { CreditEntry, GenerationJob, Payment, PostReport, SubscriptionInvoice, User } from '@atelier/db';
import type { ServiceDeps } from '../deps';

const DAY_MS = 24 * 3600 * 1000;

/** The rows by the values of `columns`, each group with the first row's values, its size and its total of `summed`. */
function groupTotals<T extends object, C extends keyof T>(rows: T[], columns: C[], summed?: keyof T) {
  const groups = new Map<string, Pick<T, C> & { rows: number; total: number }>();
  for (const row of rows) {
    const key = JSON.stringify(columns.map((column) => row[column]));
    const group = groups.get(key) ?? { ...pick(row, columns), rows: 0, total: 0 };
    group.rows += 1;
    group.total += summed === undefined ? 0 : Number(row[summed]);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function pick<T extends object, C extends keyof T>(row: T, columns: C[]): Pick<T, C> {
  return Object.fromEntries(columns.map((column) => [column, row[column]])) as Pick<T, C>;
}

/**
 * The business over the last `days` days, from the records themselves (ledger, payments, invoices,
 * jobs), never a second bookkeeping: money in by currency, credits moved by kind, generations that
 * ended by engine, status and cause, reports and new members. The period's rows are read with the
 * few columns summed: an operator's view over weeks, not a report over years.
 * Cloud spend is what the jobs that ended in the period recorded, at the models' list prices (a
 * canceled job may have paid for predictions too), by engine: a job keeps its total, not its models.
 */
export async function businessOverview({ em }: Pick<ServiceDeps, 'em'>, days: number) {
  const since = new Date(Date.now() - days * DAY_MS);
  const [payments, invoices, entries, jobs, spending, openReports, reportsReceived, newMembers] = await Promise.all([
    em.find(Payment, { creditedAt: { $gte: since } }, { fields: ['currency', 'amountCents'] }),
    em.find(SubscriptionInvoice, { paidAt: { $gte: since } }, { fields: ['currency', 'amountCents'] }),
    em.find(CreditEntry, { status: 'settled', createdAt: { $gte: since } }, { fields: ['reason', 'type', 'amount'] }),
    em.find(
      GenerationJob,
      { status: { $in: ['succeeded', 'failed'] }, finishedAt: { $gte: since } },
      { fields: ['engine', 'status', 'errorCode'] },
    ),
    em.find(
      GenerationJob,
      { cloudSpendUsd: { $gt: 0 }, finishedAt: { $gte: since } },
      { fields: ['engine', 'cloudSpendUsd'] },
    ),
    em.count(PostReport, { status: 'open' }),
    em.count(PostReport, { createdAt: { $gte: since } }),
    em.count(User, { createdAt: { $gte: since } }),
  ]);

  const paid = groupTotals(payments, ['currency'], 'amountCents');
  const invoiced = groupTotals(invoices, ['currency'], 'amountCents');
  const currencies = [...new Set([...paid, ...invoiced].map((group) => group.currency))].sort();
  const centsIn = (groups: typeof paid, currency: string) =>
    groups.find((group) => group.currency === currency)?.total ?? 0;

  return {
    days,
    since,
    moneyIn: currencies.map((currency) => {
      const paymentsCents = centsIn(paid, currency);
      const invoicesCents = centsIn(invoiced, currency);
      return { currency, paymentsCents, invoicesCents, totalCents: paymentsCents + invoicesCents };
    }),
    credits: groupTotals(entries, ['reason', 'type'], 'amount').map(({ reason, type, rows, total }) => ({
      reason,
      type,
      entries: rows,
      amount: total,
    })),
    generations: {
      succeeded: jobs.filter((job) => job.status === 'succeeded').length,
      failed: jobs.filter((job) => job.status === 'failed').length,
      byOutcome: groupTotals(jobs, ['engine', 'status', 'errorCode']).map(({ engine, status, errorCode, rows }) => ({
        engine,
        status,
        errorCode: errorCode ?? null,
        count: rows,
      })),
    },
    openReports,
    reportsReceived,
    newMembers,
    cloudSpend: {
      totalUsd: spending.reduce((total, job) => total + job.cloudSpendUsd, 0),
      byEngine: groupTotals(spending, ['engine'], 'cloudSpendUsd').map(({ engine, rows, total }) => ({
        engine,
        jobs: rows,
        usd: total,
      })),
    },
  };
}
