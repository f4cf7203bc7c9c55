/** The end-to-end servers' ports: from 3210 up, or from E2E_PORT_BASE so two checkouts can run the suite at once. */
const base = Number(process.env.E2E_PORT_BASE ?? 3210);
export const ports = {
  app: base,
  appWithoutPayments: base + 1,
  smtp: base + 2,
  mailbox: base + 3,
  stripe: base + 9,
} as const;

export const stripeSettings = {
  port: ports.stripe,
  apiUrl: `http://127.0.0.1:${ports.stripe}`,
  secretKey: 'sk_test_e2e',
  publishableKey: 'pk_test_e2e',
  webhookSecret: 'whsec_e2e_secret',
  webhookUrl: `http://127.0.0.1:${ports.app}/api/stripe/webhook`,
} as const;
