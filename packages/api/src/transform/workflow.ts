import { getOption, getWorkflowOption, isCategoryId, type Selection } from '@atelier/catalog';
import type { ServiceDeps } from '../deps';
import { balanceOf } from '../credits/ledger';
import { JobService } from '../jobs/service';
import { viewableImageKey } from '../media/source-image';
import { AppError } from '../shared/errors';

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
  /** Each render has its own; the same seed and settings give the same picture. */
  seed?: number | undefined;
}

/** One render of a workflow, as a job: the whole prompt applied to the source image, its price taken on success. */
export async function renderWorkflow(
  { em, jobs }: Pick<ServiceDeps, 'em' | 'jobs'>,
  { userId, waitMs, ...input }: WorkflowRender & { userId: number; waitMs: number },
) {
  const sourceKey = await viewableImageKey(em, userId, input.image);
  const selection = input.selection ?? {};
  await jobs.workers.requireForWait(waitMs);
  const job = await jobs.submit(em, {
    userId,
    kind: 'workflow',
    seed: input.seed,
    input: {
      sourceKey,
      prompt: input.style,
      selection,
      intensity: input.intensity,
      options: { nodeId: input.nodeId, intensity: input.intensity, selection },
    },
  });
  const result = JobService.outcome(await jobs.wait(em, { id: job.id, kind: 'workflow' }, waitMs));
  return {
    success: true as const,
    transformedImage: result.resultUrl,
    transformation: {
      id: result.transformationId,
      nodeId: input.nodeId,
      prompt: input.style,
      intensity: input.intensity,
    },
    credits: await balanceOf(em, userId),
    creditsCharged: job.credits,
    jobId: job.id,
    seed: job.seed,
  };
}

export interface NodeTransform {
  nodeId: string;
  parentImagePath: string;
  transformationType: string;
  optionId: string;
  optionName?: string | undefined;
  seed?: number | undefined;
}

/** A single node's option applied to its parent's image, as a job: its price taken on success. */
export async function transformNode(
  { em, jobs }: Pick<ServiceDeps, 'em' | 'jobs'>,
  { userId, waitMs, ...input }: NodeTransform & { userId: number; waitMs: number },
) {
  const category = input.transformationType;
  const option = isCategoryId(category)
    ? (getWorkflowOption(category, input.optionId) ?? getOption(category, input.optionId))
    : undefined;
  if (!isCategoryId(category) || !option) {
    throw new AppError('VALIDATION', workflowMessages.unknownOption, {
      fieldErrors: { optionId: [workflowMessages.unknownOption] },
    });
  }
  const sourceKey = await viewableImageKey(em, userId, input.parentImagePath);
  const selection: Selection = { [category]: { id: option.id, name: option.name } };
  await jobs.workers.requireForWait(waitMs);
  const job = await jobs.submit(em, {
    userId,
    kind: 'node',
    seed: input.seed,
    input: { sourceKey, prompt: option.prompt, selection, options: { nodeId: input.nodeId, selection } },
  });
  const result = JobService.outcome(await jobs.wait(em, { id: job.id, kind: 'node' }, waitMs));
  return {
    transformedImagePath: result.resultUrl,
    credits: await balanceOf(em, userId),
    creditsCharged: job.credits,
    jobId: job.id,
    seed: job.seed,
  };
}
