import { Workflow, type EntityManager } from '@atelier/db';
import { AppError } from '../shared/errors';
import { savedWorkflowMessages } from './messages';

/** Removes the owner's workflow; anyone else's id is "not found" and stays. */
export async function deleteWorkflow(em: EntityManager, ownerId: number, id: number): Promise<void> {
  const deleted = await em.nativeDelete(Workflow, { id, owner: ownerId });
  if (deleted === 0) throw new AppError('NOT_FOUND', savedWorkflowMessages.notFound);
}
