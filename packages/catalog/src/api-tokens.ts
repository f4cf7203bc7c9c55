import { z } from 'zod';
import { clientText } from './client-text';

export const API_TOKEN_SCOPE_LABELS = {
  read: 'Lecture',
  generate: 'Génération (dépense des crédits)',
} as const;
export type ApiTokenScopeName = keyof typeof API_TOKEN_SCOPE_LABELS;

export const apiTokenMessages = {
  name: 'Le nom du jeton doit contenir de 1 à 60 caractères',
  scope: 'Portée inconnue : « read » ou « generate »',
} as const;

/** A new personal API token, as the settings form and the REST path send it. */
export const apiTokenCreateSchema = z.object({
  name: clientText({ error: apiTokenMessages.name })
    .trim()
    .min(1, apiTokenMessages.name)
    .max(60, apiTokenMessages.name),
  scope: z.enum(['read', 'generate'], { error: apiTokenMessages.scope }),
});
export type ApiTokenCreateInput = z.input<typeof apiTokenCreateSchema>;
