import { Workflow, type EntityManager } from '@atelier/db';
import { AppError } from '../shared/errors';
import { MAX_WORKFLOWS_LISTED, savedWorkflowMessages } from './messages';

const NEWEST_FIRST = { updatedAt: 'desc', id: 'desc' } as const;

/**
 * The owner's workflow with this id. Anyone else's is "not found" as well, so an id tells
 * nothing about other people's workflows.
 */
export async function findOwnWorkflow(em: EntityManager, ownerId: number, id: number): Promise<Workflow> {
  const workflow = await em.findOne(Workflow, { id, owner: ownerId });
  if (!workflow) throw new AppError('NOT_FOUND', savedWorkflowMessages.notFound);
  return workflow;
}

/** The owner's workflows, most recently saved first. */
export function listWorkflows(em: EntityManager, ownerId: number): Promise<Workflow[]> {
  return em.find(Workflow, { owner: ownerId }, { orderBy: NEWEST_FIRST, limit: MAX_WORKFLOWS_LISTED });
}

/**
 * The workflow the editor reopens after a reload: the one it had open (`preferId`) while it is
 * still the owner's, else the one saved last. Someone else's id is passed over silently.
 */
export async function workflowToReopen(
  em: EntityManager,
  ownerId: number,
  preferId?: number,
): Promise<Workflow | null> {
  const open = preferId === undefined ? null : await em.findOne(Workflow, { id: preferId, owner: ownerId });
  return open ?? em.findOne(Workflow, { owner: ownerId }, { orderBy: NEWEST_FIRST });
}
