/** The reasons a post may be reported for, as the server names them, with their French labels. */
export const REPORT_REASONS = [
  { value: 'illegal', label: 'Contenu illégal' },
  { value: 'nudity', label: 'Nudité ou contenu sexuel' },
  { value: 'violence', label: 'Violence' },
  { value: 'harassment', label: 'Harcèlement ou haine' },
  { value: 'copyright', label: "Atteinte aux droits d'auteur" },
  { value: 'spam', label: 'Spam ou arnaque' },
  { value: 'other', label: 'Autre' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

export const reportReasonLabel = (reason: string) =>
  REPORT_REASONS.find((entry) => entry.value === reason)?.label ?? reason;
