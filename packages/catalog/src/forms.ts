import { z } from 'zod';
import { clientText } from './client-text';

/** Field rules shared by the browser forms and the server, so both say the same thing. */
export const messages = {
  email: 'Adresse email invalide',
  password: 'Le mot de passe doit contenir au moins 6 caractères',
  firstName: 'Le prénom doit contenir au moins 2 caractères',
  lastName: 'Le nom doit contenir au moins 2 caractères',
  passwordMismatch: 'Les mots de passe ne correspondent pas.',
  currentPassword: 'Le mot de passe actuel est requis',
  deletionPassword: 'Saisissez votre mot de passe pour confirmer la suppression',
  username: "Le nom d'utilisateur doit contenir de 3 à 32 lettres, chiffres, points, tirets ou soulignés",
  tooLong: 'Valeur trop longue',
  acceptTerms: 'Acceptez les CGU / CGV et la politique de confidentialité pour créer votre compte.',
} as const;

export const emailField = clientText({ error: messages.email })
  .trim()
  .toLowerCase()
  .max(254, messages.email)
  .email(messages.email);

export const passwordField = clientText({ error: messages.password })
  .min(6, messages.password)
  .max(200, messages.tooLong);

const nameField = (message: string) => clientText({ error: message }).trim().min(2, message).max(100, messages.tooLong);

export const loginSchema = z.object({ email: emailField, password: passwordField });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  email: emailField,
  password: passwordField,
  firstName: nameField(messages.firstName),
  lastName: nameField(messages.lastName),
  /** The CGU / CGV and the privacy policy accepted at sign-up (the form's box); else before a first purchase. */
  acceptTerms: z.boolean().optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The sign-up form: its box must be ticked, where an API client may leave acceptance for its first purchase. */
export const registerFormSchema = registerSchema.extend({
  acceptTerms: z.boolean().refine((accepted) => accepted, messages.acceptTerms),
});

export const usernameField = clientText({ error: messages.username })
  .trim()
  .regex(/^[a-zA-Z0-9._-]{3,32}$/, messages.username);

/** A blank new password keeps the old one. */
const optionalNewPassword = clientText({ error: messages.password })
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(passwordField.optional());

export const accountUpdateSchema = z.object({
  username: usernameField,
  currentPassword: clientText({ error: messages.currentPassword })
    .min(1, messages.currentPassword)
    .max(200, messages.tooLong),
  newPassword: optionalNewPassword,
});
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;

/** "Supprimer mon compte": the password confirms it is the owner. */
export const accountDeletionSchema = z.object({
  password: clientText({ error: messages.deletionPassword })
    .min(1, messages.deletionPassword)
    .max(200, messages.tooLong),
});
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;

/** The profile form adds the confirmation, checked in the browser only. */
export const accountFormSchema = accountUpdateSchema
  .extend({ confirmPassword: z.string().optional() })
  .refine((form) => (form.newPassword ?? '') === (form.confirmPassword ?? ''), {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });
