import { workflowDocumentSchema, workflowNameSchema } from '@atelier/catalog';
import { z } from 'zod';
import { recordId } from '../shared/input';
import { authedProcedure, router } from '../trpc';
import { deleteWorkflow } from '../workflow/delete';
import { findOwnWorkflow, listWorkflows, workflowToReopen } from '../workflow/read';
import { renameWorkflow, saveWorkflow } from '../workflow/save';
import {
  savedWorkflowSchema,
  toWorkflowSummary,
  toWorkflowView,
  workflowSummarySchema,
  workflowViewSchema,
} from '../workflow/view';

const byId = z.object({ id: recordId });
const success = z.object({ success: z.literal(true) });

/** The editor's saved workflows; the session decides whose. */
export const workflowRouter = router({
  list: authedProcedure
    .output(z.array(workflowSummarySchema))
    .query(async ({ ctx }) => (await listWorkflows(ctx.em, ctx.user.id)).map(toWorkflowSummary)),

  latest: authedProcedure
    .input(z.object({ preferId: recordId.optional() }).optional())
    .output(workflowViewSchema.nullable())
    .query(async ({ ctx, input }) => {
      const workflow = await workflowToReopen(ctx.em, ctx.user.id, input?.preferId);
      return workflow && toWorkflowView(workflow);
    }),

  get: authedProcedure
    .input(byId)
    .output(workflowViewSchema)
    .query(async ({ ctx, input }) => toWorkflowView(await findOwnWorkflow(ctx.em, ctx.user.id, input.id))),

  /** Creates a workflow, or with `id` replaces the owner's one (autosave). */
  save: authedProcedure
    .input(z.object({ id: recordId.optional(), name: workflowNameSchema, document: workflowDocumentSchema }))
    .output(savedWorkflowSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, name, updatedAt } = await saveWorkflow(ctx, { ...input, ownerId: ctx.user.id });
      return { id, name, updatedAt };
    }),

  rename: authedProcedure
    .input(byId.extend({ name: workflowNameSchema }))
    .output(success)
    .mutation(async ({ ctx, input }) => {
      await renameWorkflow(ctx, { ownerId: ctx.user.id, id: input.id, name: input.name });
      return { success: true as const };
    }),

  delete: authedProcedure
    .input(byId)
    .output(success)
    .mutation(async ({ ctx, input }) => {
      await deleteWorkflow(ctx.em, ctx.user.id, input.id);
      return { success: true as const };
    }),
});
