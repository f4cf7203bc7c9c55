import { IMAGE_COST, type CatalogOption, type WorkflowDocument, type WorkflowNodeType } from '@atelier/catalog';
import { Button, Group, Modal, Text, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { MessageDialog } from '../../components/MessageDialog';
import { saveBlob } from '../../lib/download';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { MINIMAP_SIZE, WorkflowCanvas } from './canvas/WorkflowCanvas';
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
import { editorPanelsReducer, initialPanels, type DialogName } from './model/editor-panels';
import { shortcutFor, type ShortcutAction } from './model/shortcuts';
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
import { planRun } from './model/run';
import { useGenerationPrice } from '../../lib/price';
import { toastError } from '../../lib/useErrorToast';

export interface LoadedWorkflow extends WorkflowMeta {
  document: WorkflowDocument;
}

/** Copied nodes stay available from one workflow to the next. */
let clipboard: Clipboard | null = null;

/** On phones an expanded node stays clear of the controls on the right (and as far from the left edge). */
const SIDE_CONTROLS_ROOM = 140;
const GENERATION_KEYFRAMES = generationKeyframes('workflow-generation');
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
  /** What one render costs, as the server prices the run the document plans; null until known. */
  const planned = useMemo(() => planRun(document), [document]);
  const renderPrice = useGenerationPrice({
    kind: 'image',
    src: planned.ok ? planned.plan.image : null,
    style: planned.ok ? planned.plan.prompt : '',
    selection: planned.ok ? planned.plan.selection : {},
  });
  useEffect(() => {
    if (meta.id !== null) rememberOpenWorkflow(meta.id);
  }, [meta.id]);
  const utils = trpc.useUtils();
  const flow = useReactFlow();
  const store = useStoreApi();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const colorMode = useComputedColorScheme('light');
  const showMiniMap = !compact && !editor.document.simpleMode;

  const [{ selection, dialogs, focus }, dispatch] = useReducer(editorPanelsReducer, initialPanels);
  const setFocus = useCallback((target: string) => dispatch({ type: 'focus', target }), []);
  const close = (dialog: DialogName) => () => dispatch({ type: 'close', dialog });
  const importInput = useRef<HTMLInputElement>(null);

  const server = useWorkflowServer(editor, {
    onCredits: (credits) => dispatch({ type: 'open', dialog: 'credits', with: credits }),
    onFocusNode: setFocus,
    onLayout: () => setFocus('all'),
  });

  // Centring waits for the render that shows the change (expanded node, new layout).
  useEffect(() => {
    if (!focus) return;
    dispatch({ type: 'focus', target: null });
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
    [document, view, setFocus],
  );

  const addOfType = useCallback(
    (type: WorkflowNodeType, connectionId: string | null = null) => {
      const id = randomNodeId();
      change((current) =>
        connectionId
          ? insertOnConnection(current, connectionId, type, id)
          : addNode(current, type, id, visibleCentre()),
      );
      if (isOptionNodeType(type)) dispatch({ type: 'open', dialog: 'picker', with: id });
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

  const pickerNodeId = dialogs.picker ?? null;
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
      openPicker: (nodeId) => dispatch({ type: 'open', dialog: 'picker', with: nodeId }),
      setEnabled: (nodeId, enabled) => change((current) => setEnabled(current, nodeId, enabled)),
      setIntensity: (nodeId, intensity) =>
        change((current) => updateNode(current, nodeId, { intensity }), gesture(`intensity-${nodeId}`)),
      endIntensity: endGesture,
      toggleExpansion: clickNode,
      replacePhoto: (nodeId, file) => void server.addPhoto(file, { nodeId }),
      combine: (nodeId) => void server.combine(nodeId),
      viewImage: (nodeId) => dispatch({ type: 'open', dialog: 'viewer', with: nodeId }),
      selectImage: (nodeId, index) => view((current) => updateNode(current, nodeId, { activeImageIndex: index })),
      openReferences: () => dispatch({ type: 'open', dialog: 'references', with: true }),
      insertOnConnection: (connectionId) => dispatch({ type: 'open', dialog: 'add', with: { connectionId } }),
      run: () => void server.run(),
    }),
    [document, renders, server, change, view, gesture, endGesture, clickNode],
  );

  // The keyboard shortcuts; an action that returns false did nothing and leaves the key to the browser.
  useEffect(() => {
    const perform: Record<ShortcutAction, () => boolean | void> = {
      undo,
      redo,
      copy: () => {
        if (selection.nodes.size === 0 || window.getSelection()?.toString()) return false;
        clipboard = copyNodes(document, [...selection.nodes]);
      },
      paste: () => {
        const copied = clipboard;
        if (!copied) return false;
        // Ids chosen here, so the pasted nodes can be selected (the update may run twice).
        const ids = copied.nodes.map(() => randomNodeId());
        change((current) => {
          let next = 0;
          return pasteNodes(current, copied, () => ids[next++]!).document;
        });
        dispatch({ type: 'select', selection: { nodes: new Set(ids), edges: new Set() } });
      },
      fit: () => void flow.fitView(fitOptions(false, showMiniMap)),
    };
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const shortcut = shortcutFor(event);
      if (shortcut && perform[shortcut.action]() !== false && shortcut.preventDefault) event.preventDefault();
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
      dispatch({ type: 'switched' });
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
      toastError("Impossible d'ouvrir le workflow", error, 'Réessayez dans un instant.');
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
      toastError('Renommage impossible', error, 'Réessayez dans un instant.');
      return false;
    }
  };

  const deleteCurrent = async () => {
    dispatch({ type: 'close', dialog: 'confirmDelete' });
    if (meta.id === null) return;
    try {
      await utils.client.workflow.delete.mutate({ id: meta.id });
      void utils.workflow.list.invalidate();
      toast({ title: 'Workflow supprimé', description: `« ${meta.name} » a été supprimé.` });
      autosave.discard();
      await startNew();
    } catch (error) {
      toastError('Suppression impossible', error, 'Réessayez dans un instant.');
    }
  };

  const empty = document.nodes.length === 0;
  const hasRender = document.nodes.some((node) => node.type === 'render');
  const sourcePhoto = document.nodes.some((node) => node.type === 'source' && node.image);
  const pickerNode = pickerNodeId ? (findNode(document, pickerNodeId) ?? null) : null;
  const adding = dialogs.add;
  const viewedNodeId = dialogs.viewer ?? null;
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
              onRename={() => dispatch({ type: 'open', dialog: 'rename', with: true })}
              onNew={() => void startNew()}
              onOpen={() => dispatch({ type: 'open', dialog: 'list', with: true })}
              onReferences={actions.openReferences}
              onMindMap={(mindMap) => change((current) => ({ ...current, mindMap }))}
              onExport={exportFile}
              onImport={() => importInput.current?.click()}
              onDelete={() => dispatch({ type: 'open', dialog: 'confirmDelete', with: true })}
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
              onSelectionChange={(next) => dispatch({ type: 'select', selection: next })}
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
                onMore={() => dispatch({ type: 'open', dialog: 'add', with: { connectionId: null } })}
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
                renderPrice={renderPrice ?? IMAGE_COST}
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
      <OptionPickerModal node={pickerNode} onClose={close('picker')} onPick={pickOption} />
      <AddNodeModal
        opened={adding !== undefined}
        onClose={close('add')}
        onChoose={(type) => addOfType(type, adding?.connectionId ?? null)}
        exclude={hasRender ? ['render'] : []}
      />
      <ReferenceImagesModal
        opened={dialogs.references === true}
        onClose={close('references')}
        references={document.referenceImages}
        onApply={server.applyReferences}
        hasSourcePhoto={sourcePhoto}
      />
      <WorkflowImageViewer
        picture={viewedPicture(document, viewedNodeId)}
        onClose={close('viewer')}
        onIndex={(index) => viewedNodeId && actions.selectImage(viewedNodeId, index)}
      />
      <MessageDialog
        message={
          dialogs.credits === undefined
            ? null
            : { type: 'credits', credits: dialogs.credits, cost: renderPrice ?? IMAGE_COST }
        }
        onClose={close('credits')}
      />
      <NameModal opened={dialogs.rename === true} initial={meta.name} onSave={rename} onClose={close('rename')} />
      <WorkflowListModal
        opened={dialogs.list === true}
        currentId={meta.id}
        onOpen={(id) => void open(id)}
        onClose={close('list')}
      />
      <Modal
        opened={dialogs.confirmDelete === true}
        onClose={close('confirmDelete')}
        title="Supprimer ce workflow ?"
        centered
        styles={{ title: { fontWeight: 700 } }}
      >
        <Text>« {meta.name} » sera définitivement supprimé.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close('confirmDelete')}>
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
