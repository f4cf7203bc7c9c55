import { getOption, getWorkflowOption, isCategoryId, type Selection } from '@atelier/catalog';
import type { EntityManager } from '@atelier/db';
import type { MediaDeps } from '../media/deps';
import { readViewableImage } from '../media/source-image';
import { mediaUrl } from '../media/urls';
import { AppError } from '../shared/errors';
import { paidGeneration } from './paid-generation';

export const workflowMessages = {
  unknownOption: 'Option inconnue pour cette catégorie',
} as const;

export interface WorkflowRender {
  nodeId: string;
  /** The source image's URL: an upload, a result or a combined image of the user's. */
  image: string;
  /** The workflow prompt built from the enabled nodes. */
  style: string;
  /** The average intensity of the enabled nodes, 0 to 1. */
  intensity: number;
  /** The nodes' options, when the client sends them; otherwise they are read from `style`. */
  selection?: Selection | undefined;
}

/** One render of a workflow: the whole prompt applied to the source image, 50 credits on success. */
export async function renderWorkflow(em: EntityManager, media: MediaDeps, userId: number, input: WorkflowRender) {
  const source = await readViewableImage(em, media, userId, input.image);
  const selection = input.selection ?? {};
  const result = await paidGeneration(
    em,
    media,
    { userId, kind: 'workflow', prompt: input.style, options: { nodeId: input.nodeId, intensity: input.intensity, selection } },
    () => media.images.transform({ image: source.image, prompt: input.style, selection, intensity: input.intensity }),
  );
  return {
    success: true as const,
    transformedImage: mediaUrl(result.resultKey),
    transformation: { id: result.transformationId, nodeId: input.nodeId, prompt: input.style, intensity: input.intensity },
    credits: result.balance,
  };
}

export interface NodeTransform {
  nodeId: string;
  parentImagePath: string;
  transformationType: string;
  optionId: string;
  optionName?: string | undefined;
}

/** A single node's option applied to its parent's image, 50 credits on success. */
export async function transformNode(em: EntityManager, media: MediaDeps, userId: number, input: NodeTransform) {
  const category = input.transformationType;
  const option = isCategoryId(category) ? (getWorkflowOption(category, input.optionId) ?? getOption(category, input.optionId)) : undefined;
  if (!isCategoryId(category) || !option) {
    throw new AppError('VALIDATION', workflowMessages.unknownOption, { fieldErrors: { optionId: [workflowMessages.unknownOption] } });
  }
  const source = await readViewableImage(em, media, userId, input.parentImagePath);
  const selection: Selection = { [category]: { id: option.id, name: option.name } };
  const result = await paidGeneration(
    em,
    media,
    { userId, kind: 'node', prompt: option.prompt, options: { nodeId: input.nodeId, selection } },
    () => media.images.transform({ image: source.image, prompt: option.prompt, selection }),
  );
  return { transformedImagePath: mediaUrl(result.resultKey), credits: result.balance };
}
