import {
  WORKFLOW_LIMITS,
  workflowDocumentBytes,
  workflowDocumentSchema,
  workflowGraphMessages,
  type WorkflowDocument,
} from '@atelier/catalog';
import type { Planned } from './run';

export const IMPORT_MESSAGES = {
  unreadable: "Ce fichier n'a pas pu être lu. Veuillez réessayer.",
  notJson: "Ce fichier n'est pas un fichier JSON valide.",
  invalid: 'Ce fichier ne contient pas un workflow Atelier valide',
  tooLarge: 'Fichier trop volumineux pour un workflow (5 Mo au maximum).',
  missingOrWrong: 'donnée manquante ou invalide',
} as const;

const FRENCH_REASONS: ReadonlySet<string> = new Set(Object.values(workflowGraphMessages));

/** A workflow file is text with addresses only: anything this big is not one. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The JSON written by "Exporter". */
export function serializeDocument(document: WorkflowDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** A file name from the workflow's name: letters, digits and dashes. */
export function exportFileName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'workflow'}.workflow.json`;
}

/** The workflow's name from an imported file's name. */
export function nameFromFileName(fileName: string): string {
  const name = fileName
    .replace(/(\.workflow)?\.json$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return name || 'Workflow importé';
}

/** Reads an imported file; a bad one gives a French reason naming where it is wrong. */
export function parseDocumentFile(text: string): Planned<WorkflowDocument> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.notJson };
  }
  const parsed = workflowDocumentSchema.safeParse(json);
  if (parsed.success) {
    // The server would refuse to keep it: better said now than by the first autosave.
    if (workflowDocumentBytes(parsed.data) > WORKFLOW_LIMITS.documentBytes)
      return { ok: false, error: workflowGraphMessages.documentTooLarge };
    return { ok: true, plan: parsed.data };
  }
  const issue = parsed.error.issues[0];
  // The schema's own messages are French; zod's built-in ones (a missing list…) are not.
  const reason = issue && FRENCH_REASONS.has(issue.message) ? issue.message : IMPORT_MESSAGES.missingOrWrong;
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  return { ok: false, error: `${IMPORT_MESSAGES.invalid} : ${reason}${where}.` };
}

/** A name not in `taken`: "Mon workflow", then "Mon workflow (2)", "(3)"… */
export function freeName(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((name) => name.trim().toLowerCase()));
  if (!used.has(base.trim().toLowerCase())) return base;
  for (let index = 2; ; index += 1) {
    const candidate = `${base} (${index})`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
