import type { CatalogOption, WorkflowDocument, WorkflowNodeType } from '@atelier/catalog';
import { Button, Group, Modal, Text, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { MessageDialog } from '../../components/MessageDialog';
import { saveBlob } from '../../lib/download';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { MINIMAP_SIZE, WorkflowCanvas, type Selection } from './canvas/WorkflowCanvas';
import { useJobsInProgress } from '../../lib/jobs';
import { EditorActionsContext, type EditorActions } from './editor-context';
import { NODE_SIZE, ZOOM } from './model/constants';
import {
  exportFileName,
  freeName,
  MAX_IMPORT_BYTES,
  IMPORT_MESSAGES,
  nameFromFileName,
  parseDocumentFile,
  serializeDocument,
} from './model/document-file';
import {
  addNode,
  copyNodes,
  insertOnConnection,
  pasteNodes,
  setEnabled,
  toggleExpansion,
  type Clipboard,
} from './model/graph';
import { rearrange, type Point } from './model/grid';
import { emptyDocument, findNode, isOptionNodeType, nodeOutputImage, randomNodeId, updateNode } from './model/nodes';
import { generationKeyframes } from './model/animation';
import { clampZoom } from './model/viewport';
import { AddNodeModal } from './modals/AddNodeModal';
import { NameModal } from './modals/NameModal';
import { OptionPickerModal } from './modals/OptionPickerModal';
import { ReferenceImagesModal } from './modals/ReferenceImagesModal';
import { WorkflowImageViewer, type ViewedPicture } from './modals/WorkflowImageViewer';
import { WorkflowListModal } from './modals/WorkflowListModal';
import { CanvasControls, ZoomIndicator } from './panels/CanvasControls';
import { EditorHeader } from './panels/EditorHeader';
import { NodeToolbar } from './panels/NodeToolbar';
import { RUN_BAR_HEIGHT, RunBar } from './panels/RunBar';
import { UploadPrompt } from './panels/UploadPrompt';
import { WorkflowMenu } from './panels/WorkflowMenu';
import { rememberOpenWorkflow } from './open-workflow';
import { newWorkflowName, useAutosave, type WorkflowMeta } from './useAutosave';
import { useEditorDocument } from './useEditorDocument';
import { useWorkflowServer } from './useWorkflowServer';

export interface LoadedWorkflow extends WorkflowMeta {
  document: WorkflowDocument;
}

/** Copied nodes stay available from one workflow to the next. */
let clipboard: Clipboard | null = null;

/** On phones an expanded node stays clear of the controls on the right (and as far from the left edge). */
const SIDE_CONTROLS_ROOM = 140;
const GENERATION_KEYFRAMES = generationKeyframes('workflow-generation');
const NO_SELECTION: Selection = { nodes: new Set(), edges: new Set() };
/**
 * Room kept around fitted nodes for the toolbar (top), the run bar (bottom) and the controls
 * (right), and at least React Flow's 40 px auto-pan band everywhere, so that dragging a connection
 * to a port at the edge does not scroll the port away…
 */
const FIT_PADDING = { top: 76, bottom: 92, left: 56, right: 68 } as const;
/** …and, beside the controls, for the minimap where it shows, so that it hides no node. */
const MINIMAP_ROOM = MINIMAP_SIZE.width + 12;

const px = (pixels: number) => `${pixels}px` as const;

/** The least zoom a phone opens at: node titles readable, ports 24 px on screen (the rest is a pan away). */
const PHONE_MIN_FIT_ZOOM = 0.75;

/** Fitting the view: on their own, phones keep nodes big enough to read and touch; asked for, everything shows. */
const fitOptions = (compact: boolean, miniMap: boolean) => ({
  padding: {
    top: px(FIT_PADDING.top),
    bottom: px(FIT_PADDING.bottom),
    left: px(FIT_PADDING.left),
    right: px(FIT_PADDING.right + (miniMap ? MINIMAP_ROOM : 0)),
  },
  maxZoom: 1,
  minZoom: compact ? PHONE_MIN_FIT_ZOOM : ZOOM.min,
  duration: 300,
});

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** The picture a node shows full screen; a render is compared with the picture it started from. */
function viewedPicture(document: WorkflowDocument, nodeId: string | null): ViewedPicture | null {
  const node = nodeId ? findNode(document, nodeId) : undefined;
  const src = node && nodeOutputImage(node);
  if (!node || !src) return null;
  const isResult = node.type === 'result';
  return {
    title: isResult ? `Rendu ${node.activeImageIndex + 1} sur ${node.images.length}` : node.name,
    src,
    before: isResult ? node.image : null,
    images: isResult ? node.images : [],
    index: node.activeImageIndex,
  };
}

export function WorkflowEditor({ initial }: { initial: LoadedWorkflow }) {
  const editor = useEditorDocument(initial.document);
  const { document, change, view, undo, redo, gesture, endGesture } = editor;
  const [meta, setMeta] = useState<WorkflowMeta>({ id: initial.id, name: initial.name });
  const autosave = useAutosave(document, editor.revision, meta, setMeta);
  useEffect(() => {
    if (meta.id !== null) rememberOpenWorkflow(meta.id);
  }, [meta.id]);
  const utils = trpc.useUtils();
  const flow = useReactFlow();
  const store = useStoreApi();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const colorMode = useComputedColorScheme('light');
  const showMiniMap = !compact && !editor.document.simpleMode;

  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [pickerNodeId, setPickerNodeId] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ connectionId: string | null } | null>(null);
  const [referencesOpen, setReferencesOpen] = useState(false);
  const [viewedNodeId, setViewedNodeId] = useState<string | null>(null);
  const [credits, setCredits] = useState<number | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [listing, setListing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  /** A node to bring into view once it is drawn, or 'all' to fit the whole workflow. */
  const [focus, setFocus] = useState<string | null>(null);
  const importInput = useRef<HTMLInputElement>(null);

  const server = useWorkflowServer(editor, {
    onCredits: setCredits,
    onFocusNode: setFocus,
    onLayout: () => setFocus('all'),
  });

  // Centring waits for the render that shows the change (expanded node, new layout).
  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    // Not cancelled when `focus` is cleared: the frame is what does the centring.
    requestAnimationFrame(() => {
      const node = findNode(document, focus);
      if (!node) {
        void flow.fitView(fitOptions(compact, showMiniMap));
        return;
      }
      const { width, height } = store.getState();
      const zoom = node.isExpanded
        ? clampZoom(
            Math.min(
              1,
              (height - 150) / (NODE_SIZE.expandedHeight + 40),
              (width - (compact ? SIDE_CONTROLS_ROOM : 40)) / (NODE_SIZE.expandedWidth + 40),
            ),
          )
        : flow.getZoom();
      void flow.setCenter(node.x, node.y, { zoom, duration: 400 });
    });
  }, [focus, document, flow, store, compact, showMiniMap]);

  /** The middle of what the canvas shows, in canvas coordinates: where new nodes go. */
  const visibleCentre = useCallback((): Point => {
    const bounds = store.getState().domNode?.getBoundingClientRect();
    return bounds
      ? flow.screenToFlowPosition({ x: bounds.left + bounds.width / 2, y: bounds.top + bounds.height / 2 })
      : { x: 810, y: 300 };
  }, [flow, store]);

  const clickNode = useCallback(
    (nodeId: string) => {
      const node = findNode(document, nodeId);
      view((current) => toggleExpansion(current, nodeId));
      if (node && !node.isExpanded) setFocus(nodeId);
    },
    [document, view],
  );

  const addOfType = useCallback(
    (type: WorkflowNodeType, connectionId: string | null = null) => {
      const id = randomNodeId();
      change((current) =>
        connectionId
          ? insertOnConnection(current, connectionId, type, id)
          : addNode(current, type, id, visibleCentre()),
      );
      if (isOptionNodeType(type)) setPickerNodeId(id);
    },
    [change, visibleCentre],
  );

  const addPhoto = useCallback(
    (file: File) => {
      if (document.nodes.length === 0) return void server.startWithPhoto(file);
      const waiting = document.nodes.find((node) => node.type === 'source' && !node.image);
      void server.addPhoto(file, waiting ? { nodeId: waiting.id } : { near: visibleCentre() });
    },
    [document.nodes, server, visibleCentre],
  );

  const pickOption = useCallback(
    (option: CatalogOption | null) => {
      if (!pickerNodeId) return;
      change((current) =>
        updateNode(current, pickerNodeId, {
          option: option && { id: option.id, name: option.name, thumbnail: option.thumbnail },
        }),
      );
    },
    [change, pickerNodeId],
  );

  const inProgress = useJobsInProgress(server.running);
  const renders = useMemo(() => inProgress.filter((job) => job.kind === 'workflow'), [inProgress]);
  const actions = useMemo<EditorActions>(
    () => ({
      document,
      renders,
      simpleMode: document.simpleMode,
      running: server.running,
      openPicker: setPickerNodeId,
      setEnabled: (nodeId, enabled) => change((current) => setEnabled(current, nodeId, enabled)),
      setIntensity: (nodeId, intensity) =>
        change((current) => updateNode(current, nodeId, { intensity }), gesture(`intensity-${nodeId}`)),
      endIntensity: endGesture,
      toggleExpansion: clickNode,
      replacePhoto: (nodeId, file) => void server.addPhoto(file, { nodeId }),
      combine: (nodeId) => void server.combine(nodeId),
      viewImage: setViewedNodeId,
      selectImage: (nodeId, index) => view((current) => updateNode(current, nodeId, { activeImageIndex: index })),
      openReferences: () => setReferencesOpen(true),
      insertOnConnection: (connectionId) => setAdding({ connectionId }),
      run: () => void server.run(),
    }),
    [document, renders, server, change, view, gesture, endGesture, clickNode],
  );

  // Undo/redo, copy/paste and fit view from the keyboard (deleting is the canvas' own).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        redo();
      } else if (mod && key === 'c' && selection.nodes.size > 0 && !window.getSelection()?.toString()) {
        clipboard = copyNodes(document, [...selection.nodes]);
      } else if (mod && key === 'v' && clipboard) {
        event.preventDefault();
        const copied = clipboard;
        // Ids chosen here, so the pasted nodes can be selected (the update may run twice).
        const ids = copied.nodes.map(() => randomNodeId());
        change((current) => {
          let next = 0;
          return pasteNodes(current, copied, () => ids[next++]!).document;
        });
        setSelection({ nodes: new Set(ids), edges: new Set() });
      } else if (!mod && (key === 'f' || (event.shiftKey && event.code === 'Digit1'))) {
        void flow.fitView(fitOptions(false, showMiniMap));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, change, document, selection.nodes, flow, showMiniMap]);

  /** Another workflow in the editor, once the current one is saved. */
  const switchTo = useCallback(
    async (next: WorkflowMeta, nextDocument: WorkflowDocument, unsaved: boolean) => {
      await autosave.saveNow();
      editor.load(nextDocument);
      autosave.reset(unsaved);
      setMeta(next);
      setSelection(NO_SELECTION);
      setFocus('all');
    },
    [autosave, editor],
  );

  const takenNames = useCallback(
    async () => (await utils.workflow.list.fetch()).map((workflow) => workflow.name),
    [utils],
  );

  const startNew = useCallback(async () => {
    const names = await takenNames().catch(() => []);
    await switchTo({ id: null, name: newWorkflowName(names) }, emptyDocument(), false);
  }, [switchTo, takenNames]);

  const open = async (id: number) => {
    try {
      // Straight from the server: a copy cached earlier may be older than what was saved since.
      const workflow = await utils.client.workflow.get.query({ id });
      await switchTo({ id: workflow.id, name: workflow.name }, workflow.document, false);
    } catch (error) {
      toast({
        title: "Impossible d'ouvrir le workflow",
        description: errorMessage(error, 'Réessayez dans un instant.'),
        variant: 'destructive',
      });
    }
  };

  const importFile = async (file: File) => {
    const refuse = (description: string) => toast({ title: 'Import impossible', description, variant: 'destructive' });
    if (file.size > MAX_IMPORT_BYTES) return refuse(IMPORT_MESSAGES.tooLarge);
    const text = await file.text().catch(() => null);
    if (text === null) return refuse(IMPORT_MESSAGES.unreadable);
    const parsed = parseDocumentFile(text);
    if (!parsed.ok) return refuse(parsed.error);
    const names = await takenNames().catch(() => []);
    await switchTo({ id: null, name: freeName(nameFromFileName(file.name), names) }, parsed.plan, true);
    toast({ title: 'Workflow importé', description: `${parsed.plan.nodes.length} nœuds chargés.` });
  };

  const exportFile = () => {
    const filename = exportFileName(meta.name);
    saveBlob(new Blob([serializeDocument(document)], { type: 'application/json' }), filename);
    toast({ title: 'Workflow exporté', description: filename });
  };

  const rename = async (name: string) => {
    try {
      if (meta.id !== null) await utils.client.workflow.rename.mutate({ id: meta.id, name });
      setMeta({ ...meta, name });
      void utils.workflow.list.invalidate();
      return true;
    } catch (error) {
      toast({
        title: 'Renommage impossible',
        description: errorMessage(error, 'Réessayez dans un instant.'),
        variant: 'destructive',
      });
      return false;
    }
  };

  const deleteCurrent = async () => {
    setConfirmingDelete(false);
    if (meta.id === null) return;
    try {
      await utils.client.workflow.delete.mutate({ id: meta.id });
      void utils.workflow.list.invalidate();
      toast({ title: 'Workflow supprimé', description: `« ${meta.name} » a été supprimé.` });
      autosave.discard();
      await startNew();
    } catch (error) {
      toast({
        title: 'Suppression impossible',
        description: errorMessage(error, 'Réessayez dans un instant.'),
        variant: 'destructive',
      });
    }
  };

  const empty = document.nodes.length === 0;
  const hasRender = document.nodes.some((node) => node.type === 'render');
  const sourcePhoto = document.nodes.some((node) => node.type === 'source' && node.image);
  const pickerNode = pickerNodeId ? (findNode(document, pickerNodeId) ?? null) : null;
  const controlsBottom = compact ? RUN_BAR_HEIGHT + 8 : 14;

  return (
    <EditorActionsContext value={actions}>
      <div className="workflow-editor" data-testid="workflow-editor">
        <style>{GENERATION_KEYFRAMES}</style>
        <EditorHeader
          compact={compact}
          saveStatus={autosave.status}
          canUndo={editor.canUndo}
          canRedo={editor.canRedo}
          onUndo={undo}
          onRedo={redo}
          menu={
            <WorkflowMenu
              name={meta.name}
              compact={compact}
              mindMap={document.mindMap}
              saved={meta.id !== null}
              onRename={() => setRenaming(true)}
              onNew={() => void startNew()}
              onOpen={() => setListing(true)}
              onReferences={() => setReferencesOpen(true)}
              onMindMap={(mindMap) => change((current) => ({ ...current, mindMap }))}
              onExport={exportFile}
              onImport={() => importInput.current?.click()}
              onDelete={() => setConfirmingDelete(true)}
            />
          }
        />
        {/* The page's landmark and title, with no box of their own: the editor's layout stays as it is. */}
        <main className="workflow-main">
          <VisuallyHidden component="h1">Éditeur de workflow</VisuallyHidden>
          {empty ? (
            <UploadPrompt onFile={(file) => void server.startWithPhoto(file)} loading={server.uploading} />
          ) : (
            <WorkflowCanvas
              editor={editor}
              generating={server.generating}
              selection={selection}
              onSelectionChange={setSelection}
              onNodeClick={clickNode}
              colorMode={colorMode}
              showMiniMap={showMiniMap}
              fitViewOptions={fitOptions(compact, showMiniMap)}
            >
              <NodeToolbar
                compact={compact}
                onPhoto={addPhoto}
                uploading={server.uploading}
                onAdd={(type) => addOfType(type)}
                onMore={() => setAdding({ connectionId: null })}
                simpleMode={document.simpleMode}
                onSimpleMode={(simpleMode) => view((current) => ({ ...current, simpleMode }))}
              />
              <ZoomIndicator bottom={controlsBottom} />
              <CanvasControls
                bottom={controlsBottom}
                onZoomIn={() => void flow.zoomTo(clampZoom(flow.getZoom() * ZOOM.buttonStep), { duration: 150 })}
                onZoomOut={() => void flow.zoomTo(clampZoom(flow.getZoom() / ZOOM.buttonStep), { duration: 150 })}
                onResetZoom={() => void flow.zoomTo(1, { duration: 200 })}
                onRearrange={() => {
                  change(rearrange);
                  setFocus('all');
                }}
                onCenter={() => void flow.fitView(fitOptions(false, showMiniMap))}
              />
              <RunBar
                compact={compact}
                renderCount={document.renderCount}
                onRenderCount={(renderCount) => change((current) => ({ ...current, renderCount }))}
                onRun={actions.run}
                running={server.running}
              />
            </WorkflowCanvas>
          )}
        </main>
        <HiddenFileInput
          ref={importInput}
          accept="application/json,.json"
          onFile={(file) => void importFile(file)}
          data-testid="workflow-import"
        />
      </div>
      <OptionPickerModal node={pickerNode} onClose={() => setPickerNodeId(null)} onPick={pickOption} />
      <AddNodeModal
        opened={adding !== null}
        onClose={() => setAdding(null)}
        onChoose={(type) => addOfType(type, adding?.connectionId ?? null)}
        exclude={hasRender ? ['render'] : []}
      />
      <ReferenceImagesModal
        opened={referencesOpen}
        onClose={() => setReferencesOpen(false)}
        references={document.referenceImages}
        onApply={server.applyReferences}
        hasSourcePhoto={sourcePhoto}
      />
      <WorkflowImageViewer
        picture={viewedPicture(document, viewedNodeId)}
        onClose={() => setViewedNodeId(null)}
        onIndex={(index) => viewedNodeId && actions.selectImage(viewedNodeId, index)}
      />
      <MessageDialog
        message={credits === null ? null : { type: 'credits', credits }}
        onClose={() => setCredits(null)}
      />
      <NameModal opened={renaming} initial={meta.name} onSave={rename} onClose={() => setRenaming(false)} />
      <WorkflowListModal
        opened={listing}
        currentId={meta.id}
        onOpen={(id) => void open(id)}
        onClose={() => setListing(false)}
      />
      <Modal
        opened={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Supprimer ce workflow ?"
        centered
        styles={{ title: { fontWeight: 700 } }}
      >
        <Text>« {meta.name} » sera définitivement supprimé.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmingDelete(false)}>
            Annuler
          </Button>
          <Button color="red" onClick={() => void deleteCurrent()}>
            Supprimer
          </Button>
        </Group>
      </Modal>
    </EditorActionsContext>
  );
}
