import { workflowDocumentSchema, type WorkflowDocument } from '@atelier/catalog';
import type { Workflow } from '@atelier/db';
import { z } from 'zod';

/** A line of the editor's "open" menu. */
export const workflowSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  updatedAt: z.date(),
  nodeCount: z.number(),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;

/** A workflow as the editor opens it. */
export const workflowViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  document: workflowDocumentSchema,
  updatedAt: z.date(),
});
export type WorkflowView = z.input<typeof workflowViewSchema>;

/** What `save` answers: enough for the editor to know which workflow it is now editing. */
export const savedWorkflowSchema = z.object({ id: z.number(), name: z.string(), updatedAt: z.date() });

/** The stored graph is always a parsed document: `save` writes nothing else. */
function documentOf(workflow: Workflow): WorkflowDocument {
  return workflow.graph as WorkflowDocument;
}

export function toWorkflowView(workflow: Workflow): WorkflowView {
  return { id: workflow.id, name: workflow.name, document: documentOf(workflow), updatedAt: workflow.updatedAt };
}

export function toWorkflowSummary(workflow: Workflow): WorkflowSummary {
  return {
    id: workflow.id,
    name: workflow.name,
    updatedAt: workflow.updatedAt,
    nodeCount: documentOf(workflow).nodes.length,
  };
}
