import type { ReferenceSlotId, WorkflowDocument } from '@atelier/catalog';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useConfiguredEngine } from '../../lib/engine';
import { toast } from '../../lib/toast';
import { errorMessage, isCreditsError, trpc, UNEXPECTED_ERROR } from '../../lib/trpc';
import { planCombine, storeCombined } from './model/combine';
import { addNode, defaultLayout, ensureResultNode } from './model/graph';
import { findNode, randomNodeId, updateNode } from './model/nodes';
import { imagePreloader } from './model/preload';
import { cloudOnlyRefusal, planRun, renderIds, runInParallel, storeRenders } from './model/run';
import type { Point } from './model/grid';
import { uploadPhoto } from './upload';
import type { EditorDocument } from './useEditorDocument';
import { toastError } from '../../lib/useErrorToast';

const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;

export interface ServerCallbacks {
  /** Credits ran out: the dialog with the balance. */
  onCredits: (credits: number) => void;
  /** A node to bring into view (the result after a run). */
  onFocusNode: (nodeId: string) => void;
  /** The default layout appeared. */
  onLayout: () => void;
}

/** Everything the editor asks the server: photos, COMBINE, reference composites and the run. */
export function useWorkflowServer(editor: EditorDocument, callbacks: ServerCallbacks) {
  const utils = trpc.useUtils();
  const localEngine = useConfiguredEngine() === 'local';
  const [generating, setGenerating] = useState<ReadonlySet<string>>(new Set());
  const [running, setRunning] = useState(false);
  const [uploading, setUploading] = useState(false);
  const latest = useRef({ document: editor.document, callbacks });
  latest.current = { document: editor.document, callbacks };
  const { change } = editor;

  const markGenerating = useCallback((ids: readonly string[], on: boolean) => {
    setGenerating((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  }, []);

  const refreshCredits = useCallback(async () => {
    void utils.account.get.invalidate();
    void utils.credits.history.invalidate();
    await utils.auth.me.invalidate();
  }, [utils]);

  /** The photo of an empty editor: it starts the default layout. */
  const startWithPhoto = useCallback(
    async (file: File) => {
      setUploading(true);
      try {
        const { imagePath } = await uploadPhoto(file);
        change(() => defaultLayout(imagePath, randomNodeId));
        latest.current.callbacks.onLayout();
      } catch (error) {
        toast({ title: "Erreur d'upload", description: (error as Error).message, variant: 'destructive' });
      } finally {
        setUploading(false);
      }
    },
    [change],
  );

  /** COMBINE nodes whose request is in flight: a second click waits for the first answer. */
  const combining = useRef(new Set<string>());
  const combine = useCallback(
    async (combineId: string) => {
      if (combining.current.has(combineId)) return;
      const planned = planCombine(latest.current.document, combineId);
      if (!planned.ok) {
        toast({ title: 'COMBINE', description: planned.error, variant: 'destructive' });
        return;
      }
      combining.current.add(combineId);
      markGenerating([combineId], true);
      try {
        const { compositeImagePath } = await utils.client.media.combine.mutate(planned.plan);
        await imagePreloader.preload(compositeImagePath).catch(() => undefined);
        change((document) => storeCombined(document, combineId, compositeImagePath));
      } catch (error) {
        toastError('Erreur lors de la combinaison des images', error, UNEXPECTED_ERROR);
      } finally {
        combining.current.delete(combineId);
        markGenerating([combineId], false);
      }
    },
    [change, markGenerating, utils],
  );

  /**
   * The source photo with the reference pictures beside it, as the picture runs start from; no
   * reference left means the photo alone again.
   */
  const applyReferences = useCallback(
    async (
      references: WorkflowDocument['referenceImages'],
      photo?: { id: string; image: string },
    ): Promise<boolean> => {
      const source = photo ?? latest.current.document.nodes.find((node) => node.type === 'source' && node.image);
      const slots = Object.entries(references) as [ReferenceSlotId, { image: string; importance: number }][];
      if (!source?.image || slots.length === 0) {
        change((document) => {
          const withReferences = { ...document, referenceImages: references };
          return source ? updateNode(withReferences, source.id, { compositeImage: null }) : withReferences;
        });
        return true;
      }
      markGenerating([source.id], true);
      try {
        const { compositePath } = await utils.client.media.referenceComposite.mutate({
          mainImage: source.image,
          referenceImages: Object.fromEntries(slots.map(([slot, reference]) => [slot, reference.image])),
          referenceImportance: Object.fromEntries(slots.map(([slot, reference]) => [slot, reference.importance])),
        });
        change((document) =>
          updateNode({ ...document, referenceImages: references }, source.id, { compositeImage: compositePath }),
        );
        return true;
      } catch (error) {
        toastError('Images de Référence', error, UNEXPECTED_ERROR);
        return false;
      } finally {
        markGenerating([source.id], false);
      }
    },
    [change, markGenerating, utils],
  );

  /** A photo for an existing source node, or a new source node near `near`. */
  const addPhoto = useCallback(
    async (file: File, target: { nodeId: string } | { near: Point }) => {
      const nodeId = 'nodeId' in target ? target.nodeId : randomNodeId();
      markGenerating([nodeId], true);
      setUploading(true);
      try {
        const { imagePath } = await uploadPhoto(file);
        // Runs start from the first source with a photo: that one carries the reference composite.
        const before = latest.current.document;
        const startsRuns = (before.nodes.find((node) => node.type === 'source' && node.image)?.id ?? nodeId) === nodeId;
        change((document) =>
          findNode(document, nodeId)
            ? updateNode(document, nodeId, { image: imagePath, compositeImage: null })
            : addNode(document, 'source', nodeId, 'near' in target ? target.near : { x: 0, y: 0 }, {
                image: imagePath,
              }),
        );
        // A new photo under the reference pictures: the composite runs start from is made again.
        if (startsRuns && Object.keys(before.referenceImages).length > 0)
          await applyReferences(before.referenceImages, { id: nodeId, image: imagePath });
      } catch (error) {
        toast({ title: "Erreur d'upload", description: (error as Error).message, variant: 'destructive' });
      } finally {
        markGenerating([nodeId], false);
        setUploading(false);
      }
    },
    [change, markGenerating, applyReferences],
  );

  /** The run: checks, result node, 1 to 4 renders at once, every success kept on the result node. */
  const run = useCallback(async () => {
    const document = latest.current.document;
    const planned = planRun(document);
    const refusal = planned.ok ? (localEngine ? cloudOnlyRefusal(document, planned.plan) : undefined) : planned.error;
    if (!planned.ok || refusal) {
      toast({ title: "Impossible d'exécuter le workflow", description: refusal, variant: 'destructive' });
      return;
    }
    const { plan } = planned;
    const newResultId = randomNodeId();
    // The result node the render node feeds, created when missing (the same id in the update).
    const { resultId } = ensureResultNode(document, plan.renderNodeId, newResultId);
    change((current) => ensureResultNode(current, plan.renderNodeId, newResultId).document);
    const count = document.renderCount;
    setRunning(true);
    markGenerating([resultId, plan.renderNodeId], true);
    latest.current.callbacks.onFocusNode(resultId);
    try {
      const outcome = await runInParallel(renderIds(resultId, count), async (nodeId) => {
        const { transformedImage } = await utils.client.transform.workflow.mutate({
          nodeId,
          image: plan.image,
          style: plan.prompt,
          type: 'workflow',
          intensity: plan.intensity,
          selection: plan.selection,
        });
        await imagePreloader.preload(transformedImage).catch(() => undefined);
        return transformedImage;
      });
      if (outcome.images.length > 0) {
        // The server saved each render to the gallery.
        void utils.gallery.list.invalidate();
        change((current) => storeRenders(current, resultId, outcome.images, plan));
        latest.current.callbacks.onFocusNode(resultId);
      }
      const [failure] = outcome.failures;
      if (failure !== undefined) {
        if (isCreditsError(failure)) {
          await refreshCredits();
          latest.current.callbacks.onCredits((await utils.auth.me.fetch())?.credits ?? 0);
          return;
        }
        const lost =
          outcome.images.length > 0
            ? ` (${plural(outcome.failures.length, 'rendu')} sur ${count} non produit${outcome.failures.length > 1 ? 's' : ''})`
            : '';
        toast({
          title: 'Erreur de génération',
          description: `${errorMessage(failure, UNEXPECTED_ERROR)}${lost}`,
          variant: 'destructive',
        });
      }
    } finally {
      markGenerating([resultId, plan.renderNodeId], false);
      setRunning(false);
      void refreshCredits();
    }
  }, [change, markGenerating, refreshCredits, utils, localEngine]);

  return useMemo(
    () => ({ generating, running, uploading, startWithPhoto, addPhoto, combine, applyReferences, run }),
    [generating, running, uploading, startWithPhoto, addPhoto, combine, applyReferences, run],
  );
}
