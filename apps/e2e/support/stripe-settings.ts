/** The keys and ports the end-to-end servers share. */
export const ports = { app: 3210, appWithoutPayments: 3211, stripe: 3219 } as const;

export const stripeSettings = {
  port: ports.stripe,
  apiUrl: `http://127.0.0.1:${ports.stripe}`,
  secretKey: 'sk_test_e2e',
  publishableKey: 'pk_test_e2e',
  webhookSecret: 'whsec_e2e_secret',
  webhookUrl: `http://127.0.0.1:${ports.app}/api/stripe/webhook`,
} as const;
