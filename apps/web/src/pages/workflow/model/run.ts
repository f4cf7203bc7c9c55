import {
  buildWorkflowPrompt,
  cloudOnlyMessage,
  isCloudOnly,
  WORKFLOW_LIMITS,
  type Selection,
  type WorkflowDocument,
  type WorkflowNode,
} from '@atelier/catalog';
import { expandNode, renderNodeOf, upstreamNodeIds } from './graph';
import { displayedOption, findNode, isOptionNodeType, nodeOutputImage } from './nodes';

/** The run's validation messages (spec section 5, "Workflow run"). */
export const RUN_MESSAGES = {
  noRenderNode: 'Ajoutez un nœud Rendu pour exécuter le workflow',
  noSource: 'Veuillez ajouter une image source ou connecter un nœud COMBINE',
  sourceDisabled: "Le nœud source est désactivé. Veuillez l'activer ou connecter un nœud COMBINE actif.",
  noSourceImage: 'Aucune image source disponible',
  combineFirst: "Veuillez combiner les images dans le nœud COMBINE avant d'exécuter le workflow",
  combineNeedsTwo: 'Connectez au moins 2 images au nœud COMBINE pour les fusionner',
  noTransformation: 'Veuillez configurer au moins un node de transformation',
} as const;

export interface RunPlan {
  renderNodeId: string;
  /** The picture every render starts from. */
  image: string;
  /** The node (source or combine) it comes from. */
  imageNodeId: string;
  prompt: string;
  /** Average intensity of the transformation nodes used. */
  intensity: number;
  /** Enabled, configured nodes whose options make the prompt, in document order. */
  transformationNodeIds: string[];
  /** Their options, one per category (the first node of a category wins): the gallery names the render by them. */
  selection: Selection;
}

export type Planned<T> = { ok: true; plan: T } | { ok: false; error: string };

const refuse = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** The pictures a COMBINE node would merge: those of the enabled nodes connected into it. */
export function combineInputs(document: WorkflowDocument, combineId: string): string[] {
  return document.connections
    .filter((existing) => existing.toNode === combineId)
    .map((existing) => findNode(document, existing.fromNode))
    .filter((node): node is WorkflowNode => node !== undefined && node.isEnabled)
    .flatMap((node) => nodeOutputImage(node) ?? []);
}

/** The picture a run starts from: an active COMBINE node feeding the render node, else the source photo. */
function chooseImage(document: WorkflowDocument, renderId: string): Planned<{ image: string; nodeId: string }> {
  const upstream = upstreamNodeIds(document, renderId);
  const combine = document.nodes.find((node) => node.type === 'combine' && node.isEnabled && upstream.has(node.id));
  if (combine) {
    if (combine.combinedImage) return { ok: true, plan: { image: combine.combinedImage, nodeId: combine.id } };
    return refuse(
      combineInputs(document, combine.id).length < 2 ? RUN_MESSAGES.combineNeedsTwo : RUN_MESSAGES.combineFirst,
    );
  }
  const sources = document.nodes.filter((node) => node.type === 'source');
  if (sources.length === 0) return refuse(RUN_MESSAGES.noSource);
  const enabled = sources.filter((node) => node.isEnabled);
  if (enabled.length === 0) return refuse(RUN_MESSAGES.sourceDisabled);
  // A source wired to the render node wins over one lying elsewhere on the canvas.
  const withImage = enabled.filter((node) => nodeOutputImage(node) !== null);
  const source = withImage.find((node) => upstream.has(node.id)) ?? withImage[0];
  if (!source) return refuse(RUN_MESSAGES.noSourceImage);
  return { ok: true, plan: { image: nodeOutputImage(source)!, nodeId: source.id } };
}

function selectionOf(nodes: readonly WorkflowNode[]): Selection {
  const selection: Selection = {};
  for (const node of nodes) {
    if (node.option && isOptionNodeType(node.type))
      selection[node.type] ??= { id: node.option.id, name: node.option.name };
  }
  return selection;
}

/** One decimal is what the weights show; the average is sent with two. */
const roundIntensity = (value: number) => Math.round(value * 100) / 100;

/** Checks a workflow can run and says what to send: the picture, the prompt and the intensity. */
export function planRun(document: WorkflowDocument): Planned<RunPlan> {
  const render = renderNodeOf(document);
  if (!render) return refuse(RUN_MESSAGES.noRenderNode);
  const image = chooseImage(document, render.id);
  if (!image.ok) return image;
  const upstream = upstreamNodeIds(document, render.id);
  const transformations = document.nodes.filter(
    (node) => isOptionNodeType(node.type) && node.isEnabled && node.option && upstream.has(node.id),
  );
  if (transformations.length === 0) return refuse(RUN_MESSAGES.noTransformation);
  const prompt = buildWorkflowPrompt(transformations);
  if (prompt === buildWorkflowPrompt([])) return refuse(RUN_MESSAGES.noTransformation);
  return {
    ok: true,
    plan: {
      renderNodeId: render.id,
      image: image.plan.image,
      imageNodeId: image.plan.nodeId,
      prompt,
      intensity: roundIntensity(
        transformations.reduce((sum, node) => sum + node.intensity, 0) / transformations.length,
      ),
      transformationNodeIds: transformations.map((node) => node.id),
      selection: selectionOf(transformations),
    },
  };
}

/**
 * With the local engine, why a planned run cannot start: the nodes it uses hold options only the
 * cloud engine renders (the server would refuse them too, before charging anything).
 */
export function cloudOnlyRefusal(document: WorkflowDocument, plan: Pick<RunPlan, 'transformationNodeIds'>) {
  const names = plan.transformationNodeIds.flatMap((id) => {
    const node = findNode(document, id);
    return node?.option && isOptionNodeType(node.type) && isCloudOnly(node.type, node.option.id)
      ? [displayedOption(node)?.name ?? node.option.name]
      : [];
  });
  return names.length > 0 ? cloudOnlyMessage([...new Set(names)]) : undefined;
}

/** The render ids the server receives: the result node's id and the render's index. */
export function renderIds(resultId: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${resultId}-${index}`);
}

export interface RenderOutcome {
  images: string[];
  failures: unknown[];
}

/** Runs the renders at once; failed ones are left out and the others kept, in order. */
export async function runInParallel(
  ids: readonly string[],
  render: (id: string) => Promise<string>,
): Promise<RenderOutcome> {
  const settled = await Promise.allSettled(ids.map((id) => render(id)));
  return {
    images: settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : [])),
    failures: settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : [])),
  };
}

/**
 * After a run: the renders on the result node (the first one shown), which is expanded. Its
 * `image` keeps the picture they started from, the "before" of the comparison.
 */
export function storeRenders(
  document: WorkflowDocument,
  resultId: string,
  images: readonly string[],
  plan: Pick<RunPlan, 'image' | 'prompt'>,
): WorkflowDocument {
  if (images.length === 0) return document;
  const stored = {
    ...document,
    nodes: document.nodes.map((node) =>
      node.id === resultId
        ? {
            ...node,
            images: images.slice(0, WORKFLOW_LIMITS.imagesPerNode),
            activeImageIndex: 0,
            image: plan.image,
            transformation: plan.prompt,
          }
        : node,
    ),
  };
  return expandNode(stored, resultId);
}
