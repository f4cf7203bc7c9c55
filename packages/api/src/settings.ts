import type { StorageQuota } from '@atelier/catalog';

/*
 * The settings the server hands to the API, as plain shapes. This module imports nothing of the
 * API, so any module may name them without an import running back (see deps.ts).
 */

export interface ApiConfig {
  launchOffer: { accounts: number; credits: number };
  /** The Découverte offer's monthly credits for free accounts; 0 turns it off. */
  discoveryOfferCredits: number;
  passwordHash: PasswordHashParams;
  /** What each account may keep (pictures, workflows). */
  quotas: StorageQuotas;
  operator: OperatorDetails;
  /** The administrators' e-mail addresses, lower-cased (ADMIN_EMAILS). */
  adminEmails: readonly string[];
}

/** Who runs the instance, for the legal pages; each null until the server's settings give it. */
export interface OperatorDetails {
  name: string | null;
  address: string | null;
  email: string | null;
  hostingProvider: string | null;
}

export interface PasswordHashParams {
  /** CPU/memory cost (a power of two). 2^16 with r=8 uses 64 MiB per hash. */
  N: number;
  r: number;
  p: number;
}

export interface StorageQuotas {
  uploads: StorageQuota;
  workflows: StorageQuota;
}

/** A message to one person; `deliver` sends it in the background and logs a failure itself. */
export interface Mailer {
  deliver(message: { to: string; subject: string; text: string }): void;
}

/** E-mail for password resets: null without SMTP; `appUrl` is the origin links in mails point to. */
export interface MailSettings {
  mailer: Mailer | null;
  appUrl: string;
}
