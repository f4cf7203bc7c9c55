import type { CategoryId, SelectedOption } from '@atelier/catalog';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { downloadFile, saveBlob } from '../../lib/download';
import { useOwnGallery } from '../../lib/gallery';
import { takeLibrarySelection } from '../../lib/library-selection';
import { downloadNameOf } from '../../lib/media';
import { trpc } from '../../lib/trpc';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../../lib/user';
import { inspectImageFile, type FileOrigin } from '../../lib/image-files';
import type { DialogMessage } from '../../components/MessageDialog';
import { useJobsInProgress } from '../../lib/jobs';
import { useConfiguredEngine } from '../../lib/engine';
import { useKeptSample } from './option-sample';
import { useImagePalette } from './parts/useImagePalette';
import { useGenerationPrice } from '../../lib/price';
import type { StudioLayout } from './layout';
import { canRun, currentComparison, currentResult, initialStudioState, studioReducer } from './state';
import { useStudioRun } from './useStudioRun';
import { saveDraft, takeDraft } from './visitor-draft';

/** How many gallery pictures the desktop strip offers beside the visit's own. */
const GALLERY_IN_STRIP = 12;

/** The phone screen preloads the first 5 default models (the spec's figure); the desktop all of them. */
const MOBILE_DEFAULT_MODELS = 5;

/** One overlay at a time over the studio. */
export type StudioOverlay =
  | { kind: 'login' }
  | { kind: 'gallery' }
  | { kind: 'compare' }
  | { kind: 'sideBySide' }
  | { kind: 'styles' }
  | { kind: 'options' }
  | { kind: 'viewer'; url: string }
  | { kind: 'thumbnails' }
  | { kind: 'group'; groupId: string }
  | { kind: 'elementColor'; category: CategoryId; option: SelectedOption };

const randomOf = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

/** Everything both layouts share: state, start-up, files, RUN, overlays. */
export function useStudio(layout: StudioLayout) {
  const [state, dispatch] = useReducer(studioReducer, initialStudioState);
  const utils = trpc.useUtils();
  const me = useCurrentUser();
  const user = me.data ?? null;
  const signedIn = user !== null;
  const defaults = trpc.media.defaults.useQuery();
  const welcome = trpc.media.welcomeImages.useQuery();
  const [message, setMessage] = useState<DialogMessage | null>(null);
  const [overlay, setOverlay] = useState<StudioOverlay | null>(null);
  const [videoUrl, setVideoUrl] = useState<string | null>(null);
  // With the local engine, its own options first in every category (« Disponibles ici »).
  const [onlyHere, setOnlyHere] = useState(true);
  const sessionKey = useRef(String(Date.now()));
  const localFiles = useRef(new Map<string, Blob>());
  const palette = useImagePalette(state.currentImage);
  /** What RUN will cost on the picture in the frame, as the server prices it; null until known. */
  const price = useGenerationPrice({
    kind: state.generationMode === 'video' ? 'video' : 'image',
    src: state.currentImage,
    selection: state.selection,
  });
  // With the local engine, a member's options are previewed on the picture in the frame.
  const localEngine = useConfiguredEngine() === 'local';
  const optionSample = useKeptSample(state.currentImage, signedIn && localEngine);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loggingOut = params.get('logout') === 'true';

  // ?logout=true: forget the visit, ask to sign in again, and clean the address.
  useEffect(() => {
    if (!loggingOut) return;
    takeLibrarySelection();
    void utils.media.defaults.invalidate();
    dispatch({ type: 'reset' });
    setMessage(null);
    setVideoUrl(null);
    for (const url of localFiles.current.keys()) URL.revokeObjectURL(url);
    localFiles.current.clear();
    sessionKey.current = String(Date.now());
    setOverlay({ kind: 'login' });
    void navigate(pathname, { replace: true });
  }, [loggingOut, navigate, pathname, utils]);

  // Pictures chosen in the library arrive as sources; the key is emptied as it is read.
  useEffect(() => {
    if (loggingOut) return;
    const urls = takeLibrarySelection();
    if (urls.length > 0) dispatch({ type: 'addSources', urls });
  }, [loggingOut]);

  // Back from signing in (or up): the visitor's picture and choices, as they left them.
  const draftRestored = useRef(false);
  useEffect(() => {
    if (loggingOut || draftRestored.current) return;
    draftRestored.current = true;
    void takeDraft().then((draft) => {
      if (!draft) return;
      if (draft.image instanceof Blob) {
        const url = URL.createObjectURL(draft.image);
        localFiles.current.set(url, draft.image);
        dispatch({ type: 'addSources', urls: [url] });
      } else if (draft.image) {
        dispatch({ type: 'addSources', urls: [draft.image] });
      }
      dispatch({ type: 'restoreChoices', choices: { selection: draft.selection, colors: draft.colors } });
      dispatch({ type: 'setGenerationMode', mode: draft.generationMode });
      dispatch({ type: 'setAiMode', mode: draft.aiMode });
    });
  }, [loggingOut]);

  const startSettled = !defaults.isPending && !welcome.isPending;
  const startFresh = startSettled && !defaults.isFetching;
  const welcomeImages = useMemo(() => welcome.data?.images ?? [], [welcome.data]);
  const defaultModels = useMemo(() => defaults.data?.defaultModels ?? [], [defaults.data]);
  const lastUsedImage = defaults.data?.lastUsedImage ?? null;
  const lastUsedOriginal = defaults.data?.lastUsedOriginal ?? null;

  // The last picture used, else the first default model, else a welcome image (also the fallback on error).
  const needsImage = state.currentImage === null;
  const initialImage = useRef<string | null>(null);
  useEffect(() => {
    if (!startFresh || !needsImage) return;
    const initial = lastUsedImage ?? defaultModels[0] ?? randomOf(welcomeImages);
    if (!initial) return;
    initialImage.current = initial;
    dispatch({ type: 'initialImage', url: initial, before: initial === lastUsedImage ? lastUsedOriginal : null });
  }, [startFresh, needsImage, lastUsedImage, lastUsedOriginal, defaultModels, welcomeImages]);

  /** A starting image that cannot be loaded (a deleted last result, say) gives way to a welcome image. */
  const imageFailed = (url: string) => {
    const welcome = randomOf(welcomeImages.filter((candidate) => candidate !== url));
    if (url !== initialImage.current || welcomeImages.includes(url) || !welcome) return;
    initialImage.current = welcome;
    dispatch({ type: 'replaceSource', from: url, to: welcome });
  };

  // The desktop studio greets a visitor with the sign-in modal.
  const visitor = me.isSuccess && me.data === null;
  useEffect(() => {
    if (visitor && layout === 'desktop') setOverlay((current) => current ?? { kind: 'login' });
  }, [visitor, layout]);

  // The desktop strip also offers the gallery's latest pictures (the phone has its gallery sheet).
  const gallery = useOwnGallery(layout === 'desktop' ? user?.id : undefined);
  const galleryImages = useMemo(
    () => gallery.items.slice(0, GALLERY_IN_STRIP).map((item) => item.transformedImagePath),
    [gallery.items],
  );

  const preloadUrls = useMemo(
    () => [
      ...(lastUsedImage ? [lastUsedImage] : []),
      ...(layout === 'mobile' ? defaultModels.slice(0, MOBILE_DEFAULT_MODELS) : defaultModels),
      ...welcomeImages,
    ],
    [lastUsedImage, defaultModels, welcomeImages, layout],
  );

  const askSignIn = () => setOverlay({ kind: 'login' });

  /** To the sign-in page, the visitor's picture and choices kept for their return to this page. */
  const goSignIn = async () => {
    const image = state.currentImage;
    await saveDraft({
      image: image === null ? null : (localFiles.current.get(image) ?? image),
      selection: state.selection,
      colors: state.colors,
      generationMode: state.generationMode,
      aiMode: state.aiMode,
    }).catch((error: unknown) => console.warn('saveDraft', error));
    void navigate(`/auth?next=${encodeURIComponent(pathname)}`);
  };
  const { run, pending, uploadProgress, appliedPreset } = useStudioRun({
    state,
    dispatch,
    user,
    layout,
    paletteColors: palette.colors,
    sessionKey: sessionKey.current,
    localFiles: localFiles.current,
    price,
    showMessage: setMessage,
    askSignIn,
    openVideo: setVideoUrl,
  });

  // The server streams the stage, percentage and place in the queue of the user's generations. One
  // outlives the page that asked for it: after a reload its progress shows again, and its result
  // comes to the frame (it is in the gallery already); RUN's own answer brings the visit's.
  const running = useRef(pending);
  running.current = pending;
  const cancelJob = trpc.jobs.cancel.useMutation();
  const inProgress = useJobsInProgress(signedIn, (job) => {
    if (running.current || job.kind !== 'studio') return;
    void Promise.all([utils.gallery.list.invalidate(), utils.auth.me.invalidate(), utils.credits.history.invalidate()]);
    if (job.status === 'succeeded' && job.result) {
      const { resultUrl, sourceUrl, models = [] } = job.result;
      // Its choices come with it, so "Mêmes réglages" works after a reload as after RUN.
      const choices = job.choices ?? undefined;
      dispatch({
        type: 'resultReady',
        result: { url: resultUrl, kind: 'image', before: sourceUrl, engine: job.engine, models, choices },
      });
    } else if (job.status === 'failed') {
      toast({ title: 'Erreur de génération', description: job.error ?? undefined, variant: 'destructive' });
    }
  });
  const generationKind = state.generationMode === 'video' ? 'video' : 'studio';
  const progress = inProgress.findLast((job) => job.kind === generationKind) ?? null;
  /** A generation of this kind runs: this visit's RUN, or one the page found running. */
  const busy = pending || progress !== null;
  const cancel = async () => {
    if (!progress) return;
    await cancelJob.mutateAsync({ id: progress.id }).catch((error: unknown) =>
      toast({
        title: "Impossible d'annuler",
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      }),
    );
  };

  /** A picked or captured file, checked, becomes the current image (it is uploaded at RUN). */
  const addFile = async (file: File, origin: FileOrigin) => {
    const refusal = await inspectImageFile(file, origin);
    if (refusal) {
      toast({ title: "Erreur d'upload", description: refusal, variant: 'destructive' });
      return;
    }
    const url = URL.createObjectURL(file);
    localFiles.current.set(url, file);
    dispatch({ type: 'addSources', urls: [url] });
    setOverlay(null);
  };

  const download = () => {
    const url = state.currentImage;
    if (!url) {
      setMessage({ type: 'general', title: 'Aucune image', message: "Il n'y a aucune image à télécharger." });
      return;
    }
    const picked = localFiles.current.get(url);
    if (picked) {
      // A picked file is already in the browser: saved as it is, under its own name.
      const filename = picked instanceof File ? picked.name : 'atelier-image.jpg';
      saveBlob(picked, filename);
      toast({ title: 'Téléchargement réussi', description: filename });
      return;
    }
    void downloadFile({ url, filename: downloadNameOf(url) });
  };

  const toggleOption = (category: CategoryId, option: SelectedOption) =>
    dispatch({ type: 'toggleOption', category, option });

  return {
    layout,
    state,
    dispatch,
    user,
    signedIn,
    credits: user?.credits ?? 0,
    /** The start-up data is known (or failed): the preload can count its pictures. */
    startSettled,
    preloadUrls,
    palette,
    optionSample,
    onlyHere,
    setOnlyHere,
    comparison: currentComparison(state),
    /** The result in the frame, for "Repartir de l'original" and "Mêmes réglages". */
    result: currentResult(state),
    goSignIn,
    canRun: canRun(state, busy),
    /** RUN's price in credits on the picture in the frame; null until the server has said. */
    price,
    run,
    pending,
    /** A generation runs, this visit's or one found running: the frame is veiled and RUN waits. */
    busy,
    /** The running generation's progress, as the server reports it. */
    progress,
    /** How much of the photo RUN is sending has gone (0–1), null when none is being sent. */
    uploadProgress,
    /** Cancels the running generation (its credits come back). */
    cancel,
    appliedPreset,
    message,
    closeMessage: () => setMessage(null),
    overlay,
    openOverlay: setOverlay,
    closeOverlay: () => setOverlay(null),
    videoUrl,
    openVideo: setVideoUrl,
    closeVideo: () => setVideoUrl(null),
    galleryImages,
    addFile,
    imageFailed,
    download,
    toggleOption,
    pickImage: (url: string) => {
      dispatch({ type: 'useImage', url });
      setOverlay(null);
    },
  };
}

export type Studio = ReturnType<typeof useStudio>;
