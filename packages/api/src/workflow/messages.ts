import { workflowGraphMessages } from '@atelier/catalog';

/** The most workflows `list` returns: an editor's menu, not an archive. */
export const MAX_WORKFLOWS_LISTED = 100;

export const savedWorkflowMessages = {
  notFound: 'Workflow introuvable.',
  nameTaken: 'Un workflow porte déjà ce nom.',
  tooLarge: workflowGraphMessages.documentTooLarge,
} as const;
