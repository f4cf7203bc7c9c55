import { WORKFLOW_LIMITS, workflowDocumentBytes, type WorkflowDocument } from '@atelier/catalog';
import { UniqueConstraintViolationException, Workflow, type EntityManager } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { AppError } from '../shared/errors';
import { ensureWorkflowRoom, recordWithinQuota, type QuotaDeps } from '../shared/quotas';
import { savedWorkflowMessages } from './messages';
import { findOwnWorkflow } from './read';

export interface WorkflowSave {
  /** The workflow to replace (the editor's autosave); absent, a new one is created. */
  id?: number | undefined;
  name: string;
  /** Already parsed by workflowDocumentSchema: defaults filled, unknown fields dropped. */
  document: WorkflowDocument;
}

/**
 * Writes the pending changes. The (owner, name) unique index is what decides a name clash, so
 * two saves racing with the same name end as one row and one 409, never a 500.
 */
async function flushNamed(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new AppError('CONFLICT', savedWorkflowMessages.nameTaken, {
        fieldErrors: { name: [savedWorkflowMessages.nameTaken] },
      });
    }
    throw error;
  }
}

export async function saveWorkflow(
  deps: QuotaDeps,
  { ownerId, ...input }: WorkflowSave & { ownerId: number },
): Promise<Workflow> {
  const bytes = workflowDocumentBytes(input.document);
  if (bytes > WORKFLOW_LIMITS.documentBytes) throw new AppError('PAYLOAD_TOO_LARGE', savedWorkflowMessages.tooLarge);
  return recordWithinQuota(deps, {
    ownerId,
    ensureRoom: (tx) => ensureWorkflowRoom({ ...deps, em: tx }, { ownerId, bytes, replacing: input.id }),
    record: async (tx) => {
      const workflow =
        input.id === undefined
          ? tx.create(Workflow, { owner: ownerId, name: input.name, graph: input.document })
          : await findOwnWorkflow(tx, ownerId, input.id);
      workflow.name = input.name;
      workflow.graph = input.document;
      // Set even when nothing else changed: the workflow saved last is the one `latest` reopens.
      workflow.updatedAt = new Date();
      await flushNamed(tx);
      return workflow;
    },
  });
}

export async function renameWorkflow(
  { em }: Pick<ServiceDeps, 'em'>,
  { ownerId, id, name }: { ownerId: number; id: number; name: string },
): Promise<void> {
  const workflow = await findOwnWorkflow(em, ownerId, id);
  workflow.name = name;
  await flushNamed(em);
}
