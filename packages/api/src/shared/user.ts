import type { User } from '@atelier/db';
import { z } from 'zod';
import { acceptedTerms } from '../account/terms';

/** What any endpoint may say about the signed-in user: never the password hash. */
export const publicUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  credits: z.number(),
  subscriptionType: z.string(),
  /** Whether the CGU / CGV in force are accepted: a purchase needs them. */
  termsAccepted: z.boolean(),
  createdAt: z.date(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    credits: user.credits,
    subscriptionType: user.subscriptionType,
    termsAccepted: acceptedTerms(user),
    createdAt: user.createdAt,
  };
}
