import { randomBytes } from 'node:crypto';

/**
 * Stripe Billing as its API reference gives it (API version 2026-10-28): Customers, Products,
 * Prices found by lookup key, Subscriptions created `default_incomplete` whose first Invoice is
 * paid through its PaymentIntent's confirmation secret, plan changes with or without proration,
 * Subscription Schedules (a change at the next phase), cancellation at period end, renewals,
 * failed renewals and the Customer Portal. Parameters are
 * checked as Stripe checks them: an unknown one, a bad enum value or a missing object is a 400/404
 * in Stripe's error shape. The test drives time: `renew`, `failNextRenewal`, `endPeriod`, `clockSeconds`.
 */

type Params = Record<string, unknown>;

export interface StripeAnswer {
  status: number;
  body: unknown;
}

export class StripeRequestError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const PERIOD_SECONDS = 30 * 24 * 3600;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

/** What the billing part needs of the rest of the fake: payment intents and event delivery. */
export interface BillingHost {
  createIntent(
    amount: number,
    currency: string,
    metadata: Record<string, string>,
  ): { id: string; client_secret: string };
  emit(type: string, object: object): Promise<void>;
}

interface Price {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  recurring: { interval: string; interval_count: number; usage_type: 'licensed' };
  lookup_key: string | null;
  product: string;
  metadata: Record<string, string>;
  type: 'recurring';
  livemode: false;
  created: number;
}

interface Line {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  quantity: number;
  period: { start: number; end: number };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: {
      subscription: string;
      subscription_item: string;
      proration: boolean;
      invoice_item: null;
      proration_details: null;
    };
  };
}

interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid' | 'void';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  created: number;
  hosted_invoice_url: string;
  status_transitions: { finalized_at: number; paid_at: number | null; voided_at: number | null };
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
    quote_details: null;
  };
  lines: { object: 'list'; data: Line[]; has_more: false; url: string };
  livemode: false;
}

interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
}

interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled';
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  default_payment_method: string | null;
  pending_update: { expires_at: number; subscription_items: unknown[] } | null;
  schedule: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface SchedulePhase {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number }[];
  proration_behavior: 'always_invoice' | 'create_prorations' | 'none';
}

interface SubscriptionSchedule {
  id: string;
  object: 'subscription_schedule';
  customer: string;
  subscription: string | null;
  released_subscription: string | null;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  /** Only `release` is followed here: the subscription goes on after the last phase. */
  end_behavior: 'release';
  current_phase: { start_date: number; end_date: number } | null;
  phases: SchedulePhase[];
  released_at: number | null;
  canceled_at: number | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** Which parameters each call takes, as Stripe's reference lists them (the ones this app could send). */
const ACCEPTED = {
  customerCreate: ['email', 'name', 'metadata', 'expand'],
  productCreate: ['name', 'metadata', 'active', 'expand'],
  priceCreate: [
    'product',
    'currency',
    'unit_amount',
    'recurring',
    'lookup_key',
    'transfer_lookup_key',
    'metadata',
    'active',
    'expand',
  ],
  priceList: ['lookup_keys', 'active', 'limit', 'expand', 'product', 'currency', 'type'],
  subscriptionCreate: ['customer', 'items', 'payment_behavior', 'payment_settings', 'expand', 'metadata'],
  subscriptionUpdate: ['items', 'proration_behavior', 'payment_behavior', 'cancel_at_period_end', 'expand', 'metadata'],
  portalCreate: ['customer', 'return_url', 'expand'],
  scheduleUpdate: ['phases', 'end_behavior', 'proration_behavior', 'metadata', 'expand'],
  schedulePhase: ['items', 'start_date', 'end_date', 'duration', 'proration_behavior', 'metadata'],
} as const;

function accept(params: Params, names: readonly string[]): void {
  for (const name of Object.keys(params)) {
    if (!names.includes(name))
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        `Received unknown parameter: ${name}`,
        'parameter_unknown',
        name,
      );
  }
}

function required(params: Params, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '')
    throw new StripeRequestError(
      400,
      'invalid_request_error',
      `Missing required param: ${name}.`,
      'parameter_missing',
      name,
    );
  return value;
}

function oneOf(params: Params, name: string, allowed: readonly string[]): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value))
    throw new StripeRequestError(
      400,
      'invalid_request_error',
      `Invalid ${name}: must be one of ${allowed.join(', ')}`,
      'parameter_invalid_empty',
      name,
    );
  return value;
}

function missing(kind: string, value: string, param?: string): StripeRequestError {
  return new StripeRequestError(404, 'invalid_request_error', `No such ${kind}: '${value}'`, 'resource_missing', param);
}

function asList(value: unknown): unknown[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) return Object.values(value);
  return [value];
}

/**
 * `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`: how stripe-node encodes nested parameters,
 * in form bodies and in query strings alike.
 */
export function parseStripeParams(form: URLSearchParams): Params {
  const root: Params = {};
  for (const [key, value] of form) {
    const path = key.split(/\]\[|\[|\]/).filter((part) => part !== '');
    let node: Params = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[index + 1]!) ? ([] as unknown) : {}) as Params;
    });
  }
  return root;
}

export class FakeBilling {
  readonly customers = new Map<string, { id: string; object: 'customer'; email: string; metadata: Params }>();
  readonly products = new Map<string, { id: string; object: 'product'; name: string; metadata: Params }>();
  readonly prices = new Map<string, Price>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly schedules = new Map<string, SubscriptionSchedule>();
  readonly portalSessions: { customer: string; return_url: string; url: string }[] = [];
  /** Seconds added to the clock, so a test can change plan halfway through a period. */
  clockSeconds = 0;
  /** The next payment of a saved card fails (renewal) or asks for 3-D Secure (upgrade). */
  private nextCharge: 'ok' | 'fail' | 'requires_action' = 'ok';
  private readonly intentInvoices = new Map<string, string>();

  constructor(private readonly host: BillingHost) {}

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockSeconds;
  }

  failNextRenewal(): void {
    this.nextCharge = 'fail';
  }

  requireActionOnNextCharge(): void {
    this.nextCharge = 'requires_action';
  }

  /** Routes a Billing call; undefined when the path is not Billing's. */
  async handle(method: string, path: string, params: Params): Promise<StripeAnswer | undefined> {
    const parts = path.split('/').slice(1);
    // The portal's resource has two segments: `billing_portal/sessions`.
    if (parts[0] === 'billing_portal') parts.splice(0, 2, parts.slice(0, 2).join('/'));
    const [resource, objectId, action] = parts;
    const route = `${method} ${resource}${objectId ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (route) {
      case 'POST customers':
        return this.ok(this.createCustomer(params));
      case 'POST products':
        return this.ok(this.createProduct(params));
      case 'POST prices':
        return this.ok(this.createPrice(params));
      case 'GET prices':
        return this.ok(this.listPrices(params));
      case 'GET prices/:id':
        return this.ok(this.price(objectId!));
      case 'POST subscriptions':
        return this.ok(await this.createSubscription(params));
      case 'GET subscriptions/:id':
        return this.ok(this.render(this.subscription(objectId!), params.expand));
      case 'POST subscriptions/:id':
        return this.ok(await this.updateSubscription(this.subscription(objectId!), params));
      case 'DELETE subscriptions/:id':
        return this.ok(await this.cancelNow(this.subscription(objectId!)));
      case 'POST subscription_schedules':
        return this.ok(await this.createSchedule(params));
      case 'GET subscription_schedules/:id':
        return this.ok(this.schedule(objectId!));
      case 'POST subscription_schedules/:id':
        return this.ok(await this.updateSchedule(this.schedule(objectId!), params));
      case 'POST subscription_schedules/:id/release':
        return this.ok(await this.releaseSchedule(this.schedule(objectId!)));
      case 'GET invoices/:id':
        return this.ok(this.invoice(objectId!));
      case 'POST billing_portal/sessions':
        return this.ok(this.createPortalSession(params));
      default:
        return undefined;
    }
  }

  private ok(body: unknown): StripeAnswer {
    return { status: 200, body };
  }

  private createCustomer(params: Params) {
    accept(params, ACCEPTED.customerCreate);
    const customer = {
      id: id('cus'),
      object: 'customer' as const,
      email: typeof params.email === 'string' ? params.email : '',
      name: params.name ?? null,
      metadata: (params.metadata as Params) ?? {},
      created: this.now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createProduct(params: Params) {
    accept(params, ACCEPTED.productCreate);
    const product = {
      id: id('prod'),
      object: 'product' as const,
      name: required(params, 'name'),
      active: true,
      metadata: (params.metadata as Params) ?? {},
      created: this.now(),
      livemode: false,
    };
    this.products.set(product.id, product);
    return product;
  }

  private createPrice(params: Params): Price {
    accept(params, ACCEPTED.priceCreate);
    const product = required(params, 'product');
    if (!this.products.has(product)) throw missing('product', product, 'product');
    const unitAmount = Number(required(params, 'unit_amount'));
    if (!Number.isInteger(unitAmount) || unitAmount < 0)
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        'Invalid integer: unit_amount',
        undefined,
        'unit_amount',
      );
    const recurring = params.recurring as Params | undefined;
    const lookupKey = (params.lookup_key as string | undefined) ?? null;
    const holder = [...this.prices.values()].find((price) => lookupKey !== null && price.lookup_key === lookupKey);
    if (holder) {
      if (params.transfer_lookup_key !== 'true')
        throw new StripeRequestError(
          400,
          'invalid_request_error',
          `A price (\`${holder.id}\`) already uses that lookup key.`,
          'lookup_key_exists',
          'lookup_key',
        );
      holder.lookup_key = null;
    }
    const price: Price = {
      id: id('price'),
      object: 'price',
      active: true,
      currency: required(params, 'currency'),
      unit_amount: unitAmount,
      recurring: {
        interval: oneOf(recurring ?? {}, 'interval', ['day', 'week', 'month', 'year']) ?? 'month',
        interval_count: 1,
        usage_type: 'licensed',
      },
      lookup_key: lookupKey,
      product,
      metadata: (params.metadata as Record<string, string>) ?? {},
      type: 'recurring',
      livemode: false,
      created: this.now(),
    };
    this.prices.set(price.id, price);
    return price;
  }

  private listPrices(params: Params) {
    accept(params, ACCEPTED.priceList);
    const keys = asList(params.lookup_keys).map(String);
    const data = [...this.prices.values()].filter(
      (price) =>
        (keys.length === 0 || (price.lookup_key !== null && keys.includes(price.lookup_key))) &&
        (params.active === undefined || String(price.active) === params.active),
    );
    return list(data.slice(0, Number(params.limit ?? 10)), '/v1/prices');
  }

  private price(priceId: string): Price {
    const price = this.prices.get(priceId);
    if (!price) throw missing('price', priceId);
    return price;
  }

  subscription(subscriptionId: string): Subscription {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw missing('subscription', subscriptionId);
    return subscription;
  }

  invoice(invoiceId: string): Invoice {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw missing('invoice', invoiceId);
    return invoice;
  }

  /** The subscription with `latest_invoice` expanded as asked (its confirmation secret only when asked for). */
  private render(subscription: Subscription, expand: unknown): object {
    const paths = asList(expand).map(String);
    const wantsSecret = paths.includes('latest_invoice.confirmation_secret');
    if (!subscription.latest_invoice || !(wantsSecret || paths.includes('latest_invoice'))) return subscription;
    const invoice = this.invoice(subscription.latest_invoice);
    const intentId = [...this.intentInvoices].find(([, invoiceId]) => invoiceId === invoice.id)?.[0];
    const secret = wantsSecret && intentId && invoice.status === 'open' ? this.secretOf(intentId) : null;
    return {
      ...subscription,
      latest_invoice: wantsSecret
        ? { ...invoice, confirmation_secret: secret ? { client_secret: secret, type: 'payment_intent' } : null }
        : invoice,
    };
  }

  private readonly secrets = new Map<string, string>();
  private secretOf(intentId: string): string {
    return this.secrets.get(intentId)!;
  }

  private async createSubscription(params: Params): Promise<object> {
    accept(params, ACCEPTED.subscriptionCreate);
    const customer = required(params, 'customer');
    if (!this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const items = asList(params.items) as Params[];
    if (items.length !== 1)
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        'Missing required param: items.',
        'parameter_missing',
        'items',
      );
    const price = this.price(required(items[0]!, 'price'));
    if (
      oneOf(params, 'payment_behavior', [
        'allow_incomplete',
        'default_incomplete',
        'error_if_incomplete',
        'pending_if_incomplete',
      ]) !== 'default_incomplete'
    )
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        'This fake only follows payment_behavior=default_incomplete.',
        undefined,
        'payment_behavior',
      );
    const now = this.now();
    const subscription: Subscription = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'incomplete',
      items: list([], '/v1/subscription_items') as Subscription['items'],
      latest_invoice: null,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      default_payment_method: null,
      pending_update: null,
      schedule: null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      created: now,
      livemode: false,
    };
    subscription.items.data.push({
      id: id('si'),
      object: 'subscription_item',
      price,
      quantity: 1,
      current_period_start: now,
      current_period_end: now + PERIOD_SECONDS,
      subscription: subscription.id,
    });
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.openInvoice(subscription, 'subscription_create', [
      this.line(subscription, price, price.unit_amount, false),
    ]);
    this.attachIntent(invoice);
    await this.host.emit('customer.subscription.created', subscription);
    return this.render(subscription, params.expand);
  }

  private async updateSubscription(subscription: Subscription, params: Params): Promise<object> {
    accept(params, ACCEPTED.subscriptionUpdate);
    const proration = oneOf(params, 'proration_behavior', ['always_invoice', 'create_prorations', 'none']);
    const behavior = oneOf(params, 'payment_behavior', [
      'allow_incomplete',
      'default_incomplete',
      'error_if_incomplete',
      'pending_if_incomplete',
    ]);
    if (params.cancel_at_period_end !== undefined) {
      if (subscription.schedule)
        throw new StripeRequestError(
          400,
          'invalid_request_error',
          `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        );
      if (subscription.status === 'canceled')
        throw new StripeRequestError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      subscription.cancel_at = subscription.cancel_at_period_end
        ? subscription.items.data[0]!.current_period_end
        : null;
    }
    const items = asList(params.items) as Params[];
    if (items.length > 0) {
      const item = subscription.items.data[0]!;
      if (items[0]!.id !== item.id) throw missing('subscription_item', String(items[0]!.id), 'items[0][id]');
      const price = this.price(required(items[0]!, 'price'));
      if (proration === 'always_invoice') {
        if (behavior === 'pending_if_incomplete' && params.metadata !== undefined)
          throw new StripeRequestError(
            400,
            'invalid_request_error',
            'pending_if_incomplete cannot be used with metadata.',
            undefined,
            'metadata',
          );
        const remaining = Math.max(
          0,
          (item.current_period_end - this.now()) / (item.current_period_end - item.current_period_start),
        );
        const invoice = this.openInvoice(subscription, 'subscription_update', [
          this.line(subscription, item.price, -Math.round(item.price.unit_amount * remaining), true),
          this.line(subscription, price, Math.round(price.unit_amount * remaining), true),
        ]);
        const charge = this.takeCharge(subscription);
        if (charge === 'ok') {
          item.price = price;
          await this.pay(invoice);
        } else {
          this.attachIntent(invoice);
          subscription.pending_update = {
            expires_at: this.now() + 23 * 3600,
            subscription_items: [{ id: item.id, price: price.id }],
          };
          this.pendingPrices.set(subscription.id, price);
        }
      } else {
        // No proration: the new price is billed from the next renewal on.
        item.price = price;
      }
    }
    await this.host.emit('customer.subscription.updated', subscription);
    return this.render(subscription, params.expand);
  }

  private readonly pendingPrices = new Map<string, Price>();

  private readonly authenticatingSubscriptions = new Set<string>();

  /** How a charge of the subscription's saved card ends. */
  private takeCharge(subscription: Subscription) {
    const charge = this.nextCharge;
    this.nextCharge = 'ok';
    return charge === 'ok' && this.authenticatingSubscriptions.has(subscription.id) ? 'requires_action' : charge;
  }

  private async cancelNow(subscription: Subscription): Promise<Subscription> {
    if (subscription.status === 'canceled')
      throw new StripeRequestError(400, 'invalid_request_error', 'This subscription has already been canceled.');
    const invoice = subscription.latest_invoice ? this.invoices.get(subscription.latest_invoice) : undefined;
    if (invoice?.status === 'open') invoice.status = 'void';
    subscription.status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
    subscription.canceled_at = subscription.ended_at = this.now();
    // Canceling a subscription cancels the schedule that manages it.
    const schedule = subscription.schedule ? this.schedules.get(subscription.schedule) : undefined;
    if (schedule) Object.assign(schedule, { status: 'canceled', canceled_at: this.now(), current_phase: null });
    await this.host.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  schedule(scheduleId: string): SubscriptionSchedule {
    const schedule = this.schedules.get(scheduleId);
    if (!schedule) throw missing('subscription_schedule', scheduleId);
    return schedule;
  }

  /** `from_subscription`: one phase, the current period on the subscription's items, then release. */
  private async createSchedule(params: Params): Promise<SubscriptionSchedule> {
    const subscriptionId = required(params, 'from_subscription');
    const others = Object.keys(params).filter((name) => !['from_subscription', 'expand'].includes(name));
    if (others.length > 0)
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        'When `from_subscription` is set, other parameters cannot be set.',
        'parameter_unknown',
        others[0],
      );
    const subscription = this.subscription(subscriptionId);
    if (subscription.schedule)
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
      );
    const item = subscription.items.data[0]!;
    const phase = { start_date: item.current_period_start, end_date: item.current_period_end };
    const schedule: SubscriptionSchedule = {
      id: id('sub_sched'),
      object: 'subscription_schedule',
      customer: subscription.customer,
      subscription: subscription.id,
      released_subscription: null,
      status: 'active',
      end_behavior: 'release',
      current_phase: phase,
      phases: [{ ...phase, items: [{ price: item.price.id, quantity: 1 }], proration_behavior: 'create_prorations' }],
      released_at: null,
      canceled_at: null,
      metadata: {},
      created: this.now(),
      livemode: false,
    };
    this.schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    await this.host.emit('subscription_schedule.created', schedule);
    await this.host.emit('customer.subscription.updated', subscription);
    return schedule;
  }

  /**
   * New phases for an active schedule: the first keeps the current phase's start, each starts where
   * the one before ends, and lasts an `end_date` or a `duration` in months.
   */
  private async updateSchedule(schedule: SubscriptionSchedule, params: Params): Promise<SubscriptionSchedule> {
    accept(params, ACCEPTED.scheduleUpdate);
    if (schedule.status !== 'active' && schedule.status !== 'not_started')
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`,
      );
    const endBehavior = oneOf(params, 'end_behavior', ['release']);
    oneOf(params, 'proration_behavior', ['always_invoice', 'create_prorations', 'none']);
    const given = asList(params.phases) as Params[];
    if (given.length === 0)
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        'Missing required param: phases.',
        'parameter_missing',
      );
    const phases: SchedulePhase[] = [];
    for (const [index, phase] of given.entries()) {
      accept(phase, ACCEPTED.schedulePhase);
      const start = phase.start_date === undefined ? phases.at(-1)?.end_date : Number(phase.start_date);
      if (index === 0 && start !== schedule.current_phase?.start_date)
        throw new StripeRequestError(
          400,
          'invalid_request_error',
          'You can not modify the start date of the current phase.',
          undefined,
          'phases[0][start_date]',
        );
      if (index > 0 && start !== phases.at(-1)!.end_date)
        throw new StripeRequestError(
          400,
          'invalid_request_error',
          'Phases must be contiguous.',
          undefined,
          `phases[${index}][start_date]`,
        );
      const duration = phase.duration as Params | undefined;
      if ((phase.end_date === undefined) === (duration === undefined))
        throw new StripeRequestError(
          400,
          'invalid_request_error',
          'Each phase takes either `end_date` or `duration`.',
          undefined,
          `phases[${index}]`,
        );
      const months = duration ? Number(duration.interval_count ?? 1) : 0;
      if (duration) oneOf(duration, 'interval', ['month']);
      const items = (asList(phase.items) as Params[]).map((item) => ({
        price: this.price(required(item, 'price')).id,
        quantity: Number(item.quantity ?? 1),
      }));
      phases.push({
        start_date: start!,
        end_date: duration ? start! + months * PERIOD_SECONDS : Number(phase.end_date),
        items,
        proration_behavior:
          (oneOf(phase, 'proration_behavior', [
            'always_invoice',
            'create_prorations',
            'none',
          ]) as SchedulePhase['proration_behavior']) ?? 'create_prorations',
      });
    }
    const subscription = this.subscription(schedule.subscription!);
    if (phases[0]!.items[0]?.price !== subscription.items.data[0]!.price.id)
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        'This fake only follows schedules that keep the current phase’s price.',
        undefined,
        'phases[0][items]',
      );
    schedule.phases = phases;
    schedule.current_phase = { start_date: phases[0]!.start_date, end_date: phases[0]!.end_date };
    if (endBehavior) schedule.end_behavior = 'release';
    await this.host.emit('subscription_schedule.updated', schedule);
    return schedule;
  }

  /** The subscription goes on as it is now, without the schedule's later phases. */
  private async releaseSchedule(schedule: SubscriptionSchedule): Promise<SubscriptionSchedule> {
    if (schedule.status !== 'active' && schedule.status !== 'not_started')
      throw new StripeRequestError(
        400,
        'invalid_request_error',
        `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`,
      );
    const subscription = this.subscription(schedule.subscription!);
    this.detach(schedule, subscription);
    await this.host.emit('subscription_schedule.released', schedule);
    await this.host.emit('customer.subscription.updated', subscription);
    return schedule;
  }

  /** A new period begins: the schedule's phase for it sets the price, or the schedule ends. */
  private enterPhase(subscription: Subscription): void {
    const schedule = subscription.schedule ? this.schedule(subscription.schedule) : undefined;
    if (!schedule) return;
    const item = subscription.items.data[0]!;
    const phase = schedule.phases.find(
      (candidate) =>
        candidate.start_date <= item.current_period_start && item.current_period_start < candidate.end_date,
    );
    if (phase) {
      item.price = this.price(phase.items[0]!.price);
      schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
      return;
    }
    // Past its last phase, a schedule ending in `release` leaves the subscription as it is.
    this.detach(schedule, subscription);
  }

  private detach(schedule: SubscriptionSchedule, subscription: Subscription): void {
    Object.assign(schedule, {
      status: 'released',
      released_at: this.now(),
      released_subscription: subscription.id,
      subscription: null,
      current_phase: null,
    });
    subscription.schedule = null;
  }

  private createPortalSession(params: Params) {
    accept(params, ACCEPTED.portalCreate);
    const customer = required(params, 'customer');
    if (!this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const session = {
      id: id('bps'),
      object: 'billing_portal.session',
      customer,
      return_url: required(params, 'return_url'),
      url: `https://billing.stripe.com/p/session/test_${randomBytes(8).toString('hex')}`,
      created: this.now(),
      livemode: false,
    };
    this.portalSessions.push(session);
    return session;
  }

  private line(subscription: Subscription, price: Price, amount: number, proration: boolean): Line {
    const item = subscription.items.data[0]!;
    return {
      id: id('il'),
      object: 'line_item',
      amount,
      currency: price.currency,
      description: proration ? (amount < 0 ? 'Unused time' : 'Remaining time') : '1 × plan',
      quantity: 1,
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(price.unit_amount),
      },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: {
          subscription: subscription.id,
          subscription_item: item.id,
          proration,
          invoice_item: null,
          proration_details: null,
        },
      },
    };
  }

  private openInvoice(subscription: Subscription, reason: Invoice['billing_reason'], lines: Line[]): Invoice {
    const total = Math.max(
      0,
      lines.reduce((sum, line) => sum + line.amount, 0),
    );
    const invoice: Invoice = {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      billing_reason: reason,
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      currency: lines[0]!.currency,
      created: this.now(),
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/test_${randomBytes(8).toString('hex')}`,
      status_transitions: { finalized_at: this.now(), paid_at: null, voided_at: null },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        quote_details: null,
      },
      lines: list(lines, `/v1/invoices/lines`) as Invoice['lines'],
      livemode: false,
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  private attachIntent(invoice: Invoice): void {
    const intent = this.host.createIntent(invoice.amount_due, invoice.currency, {});
    this.intentInvoices.set(intent.id, invoice.id);
    this.secrets.set(intent.id, intent.client_secret);
  }

  /** The invoice paid: the subscription starts or continues, its card is kept, Stripe tells the app. */
  private async pay(invoice: Invoice): Promise<void> {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = this.now();
    const subscription = this.subscription(invoice.parent.subscription_details.subscription);
    subscription.status = 'active';
    subscription.default_payment_method ??= id('pm');
    const pending = this.pendingPrices.get(subscription.id);
    if (pending) {
      subscription.items.data[0]!.price = pending;
      subscription.pending_update = null;
      this.pendingPrices.delete(subscription.id);
    }
    await this.host.emit('invoice.paid', invoice);
    await this.host.emit('customer.subscription.updated', subscription);
  }

  /**
   * The browser confirmed a PaymentIntent: if it pays an invoice, the invoice is paid and its card
   * saved; a card that authenticates every charge makes the subscription's later charges ask for 3-D Secure.
   */
  async intentSucceeded(intentId: string, card = { authenticatesEveryCharge: false }): Promise<void> {
    const invoiceId = this.intentInvoices.get(intentId);
    if (!invoiceId || this.invoice(invoiceId).status !== 'open') return;
    if (card.authenticatesEveryCharge)
      this.authenticatingSubscriptions.add(this.invoice(invoiceId).parent.subscription_details.subscription);
    await this.pay(this.invoice(invoiceId));
  }

  /** The period ends: a subscription set to cancel ends, another renews on its saved card. */
  async endPeriod(subscriptionId: string): Promise<void> {
    const subscription = this.subscription(subscriptionId);
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.ended_at = subscription.canceled_at = this.now();
      await this.host.emit('customer.subscription.deleted', subscription);
      return;
    }
    await this.renew(subscriptionId);
  }

  /** A renewal: a new period and its invoice, paid on the saved card unless `failNextRenewal` said otherwise. */
  async renew(subscriptionId: string): Promise<Invoice> {
    const subscription = this.subscription(subscriptionId);
    const item = subscription.items.data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end += PERIOD_SECONDS;
    this.enterPhase(subscription);
    const invoice = this.openInvoice(subscription, 'subscription_cycle', [
      this.line(subscription, item.price, item.price.unit_amount, false),
    ]);
    if (this.takeCharge(subscription) === 'ok') {
      await this.pay(invoice);
    } else {
      subscription.status = 'past_due';
      this.attachIntent(invoice);
      await this.host.emit('invoice.payment_failed', invoice);
      await this.host.emit('customer.subscription.updated', subscription);
    }
    return invoice;
  }
}
