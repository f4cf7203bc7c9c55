import type { WorkflowDocument } from '@atelier/catalog';
import { updateNode } from './nodes';
import { combineInputs, RUN_MESSAGES, type Planned } from './run';

export type CombineLayout = 'dual' | 'triple' | 'quad' | 'grid';

/** Two pictures side by side, three, four in a square, a grid beyond. */
export function combineLayout(count: number): CombineLayout {
  if (count <= 2) return 'dual';
  if (count === 3) return 'triple';
  if (count === 4) return 'quad';
  return 'grid';
}

export interface CombineRequest {
  imageUrls: string[];
  /** Every picture weighs the same. */
  importance: number[];
  layout: CombineLayout;
}

/** What `media.combine` receives for a COMBINE node, or why it cannot combine yet. */
export function planCombine(document: WorkflowDocument, combineId: string): Planned<CombineRequest> {
  const imageUrls = combineInputs(document, combineId).slice(0, 16);
  if (imageUrls.length < 2) return { ok: false, error: RUN_MESSAGES.combineNeedsTwo };
  return { ok: true, plan: { imageUrls, importance: imageUrls.map(() => 1), layout: combineLayout(imageUrls.length) } };
}

export function storeCombined(document: WorkflowDocument, combineId: string, path: string): WorkflowDocument {
  return updateNode(document, combineId, { combinedImage: path, combinedImagePath: path });
}
