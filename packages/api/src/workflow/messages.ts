/** The most workflows `list` returns: an editor's menu, not an archive. */
export const MAX_WORKFLOWS_LISTED = 100;

/** The largest stored document, as JSON. Pictures are addresses, so real workflows stay far below. */
export const MAX_DOCUMENT_BYTES = 512 * 1024;

export const savedWorkflowMessages = {
  notFound: 'Workflow introuvable.',
  nameTaken: 'Un workflow porte déjà ce nom.',
  tooLarge: `Ce workflow est trop volumineux (${MAX_DOCUMENT_BYTES / 1024} ko au maximum) : retirez des nœuds ou raccourcissez leurs textes.`,
} as const;
