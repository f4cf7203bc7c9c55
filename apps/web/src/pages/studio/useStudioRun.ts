import {
  buildVideoPrompt,
  cloudOnlyMessage,
  cloudOnlyNames,
  IMAGE_COST,
  type Rgb,
  type Selection,
} from '@atelier/catalog';
import { TRPCClientError } from '@trpc/client';
import { useState, type Dispatch } from 'react';
import { useConfiguredEngine } from '../../lib/engine';
import { useBalanceFromAnswer, type CurrentUser } from '../../lib/user';
import { toast } from '../../lib/toast';
import { errorMessage, isCreditsError, trpc, UNEXPECTED_ERROR } from '../../lib/trpc';
import { uploadImage } from '../../lib/image-files';
import type { DialogMessage } from '../../components/MessageDialog';
import type { StudioLayout } from './layout';
import { pickPreset, type Preset } from './presets';
import { selectedEntries, type StudioAction, type StudioState } from './state';

const VIDEO_FAILED = 'Erreur lors de la génération vidéo';
/** RUN without a connection, or one lost on the way: said as such rather than as a failure of the service. */
const CONNECTION_LOST: DialogMessage = {
  type: 'general',
  title: 'Connexion perdue',
  message:
    "Vous n'êtes plus connecté à internet. Vérifiez votre connexion, puis relancez\u00a0: aucun crédit n'est débité sans résultat.",
};
const BAD_VIDEO_URL = "Erreur lors de l'extraction de l'URL vidéo. Veuillez réessayer.";

interface RunDeps {
  state: StudioState;
  dispatch: Dispatch<StudioAction>;
  user: CurrentUser | null;
  layout: StudioLayout;
  /** Colours extracted from the current image, read by the automatic mode. */
  paletteColors: readonly Rgb[];
  /** When this visit of the studio started: the gallery groups what it saved under it. */
  sessionKey: string;
  /** Files picked in this visit, by the address shown for them. */
  localFiles: ReadonlyMap<string, Blob>;
  /** What RUN costs, as quoted; an image's price until the quote is known. */
  price: number | null;
  showMessage: (message: DialogMessage) => void;
  askSignIn: () => void;
  openVideo: (url: string) => void;
}

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) return errorMessage(error, fallback);
  return error instanceof Error && error.message ? error.message : fallback;
}

const UNREADABLE = "Impossible de lire l'image. Veuillez réessayer.";

/**
 * The picture in the frame as bytes: a file the user just picked is kept as it is (the page's
 * content policy does not let it fetch blob: addresses); a welcome image is downloaded.
 */
async function imageBlob(url: string, localFiles: ReadonlyMap<string, Blob>): Promise<Blob> {
  const local = localFiles.get(url);
  if (local) return local;
  const response = await fetch(url, { credentials: 'include' }).catch(() => null);
  if (!response?.ok) throw new Error(UNREADABLE);
  return response.blob();
}

/**
 * A picture the server stores (an upload, a result, a library picture): named by its address,
 * never downloaded and sent again, so a chained edit starts from its original bytes.
 */
const isStored = (url: string) => url.startsWith('/api/media/');

/** The picture's width over its height, NaN when it cannot be read; the frame has loaded it already. */
function aspectOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth / image.naturalHeight);
    image.onerror = () => resolve(Number.NaN);
    image.src = url;
  });
}

/** RUN for both layouts: checks, upload, generation (image or video), saving and credits. */
export function useStudioRun({
  state,
  dispatch,
  user,
  layout,
  paletteColors,
  sessionKey,
  localFiles,
  price,
  showMessage,
  askSignIn,
  openVideo,
}: RunDeps) {
  const utils = trpc.useUtils();
  const cost = price ?? IMAGE_COST;
  const transform = trpc.transform.runImage.useMutation();
  const showBalance = useBalanceFromAnswer();
  const createPlaceholder = trpc.videos.createPlaceholder.useMutation();
  const generateVideo = trpc.videos.generate.useMutation();
  const updatePlaceholder = trpc.videos.updatePlaceholder.useMutation();
  const engine = useConfiguredEngine();
  const [pending, setPending] = useState(false);
  /** How much of the photo has reached the server (0–1) while RUN sends it, null otherwise. */
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  /**
   * The address of the picture in the frame on the server: a stored one as it is; a picked file
   * or a welcome image sent once, its progress shown in the frame.
   */
  const storedAddress = async (source: string): Promise<string> => {
    if (isStored(source)) return source;
    const blob = await imageBlob(source, localFiles);
    setUploadProgress(0);
    try {
      return (await uploadImage(blob, setUploadProgress)).imagePath;
    } finally {
      setUploadProgress(null);
    }
  };
  const [appliedPreset, setAppliedPreset] = useState<Preset | null>(null);

  const refreshCredits = () =>
    Promise.all([utils.auth.me.invalidate(), utils.account.get.invalidate(), utils.credits.history.invalidate()]);

  /** Says so when the browser is offline: then nothing can reach the server, whatever else went wrong. */
  const saidOffline = () => {
    if (navigator.onLine) return false;
    showMessage(CONNECTION_LOST);
    return true;
  };

  /** Says what went wrong; the choices stay, so trying again is one tap. */
  const fail = async (error: unknown, title: string, fallback: string) => {
    if (saidOffline()) return;
    // Canceled from the frame's "Annuler" (or elsewhere): nothing went wrong, nothing was charged.
    if (error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'CONFLICT') {
      toast({ title: 'Génération annulée', description: "Aucun crédit n'a été débité." });
      return;
    }
    if (isCreditsError(error)) {
      // Asked again: the cached balance is the one from before this refusal.
      const fresh = await utils.auth.me.fetch(undefined, { staleTime: 0 }).catch(() => user);
      showMessage({ type: 'credits', credits: fresh?.credits ?? 0, cost });
    } else {
      showMessage({ type: 'general', title, message: messageOf(error, fallback) });
    }
  };

  /** The automatic mode's options: a preset suited to the picture fills the categories left empty. */
  const automaticSelection = async (source: string): Promise<Selection> => {
    const preset = pickPreset({ colors: paletteColors, aspect: await aspectOf(source) });
    setAppliedPreset(preset);
    dispatch({ type: 'applyPreset', selection: preset.selection });
    return { ...preset.selection, ...state.selection };
  };

  const runImage = async (source: string) => {
    const selection = state.aiMode === 'auto' ? await automaticSelection(source) : state.selection;
    const { colors } = state;
    const image = await storedAddress(source);
    // The options go as chosen, in the one call that makes the picture and remembers it as the last used.
    const result = await transform.mutateAsync({ image, selection, colors, sessionKey });
    dispatch({
      type: 'resultReady',
      result: {
        url: result.transformedImagePath,
        kind: 'image',
        before: result.originalImagePath,
        choices: { selection, colors },
        engine: result.engine,
        models: result.models,
      },
    });
    // The result is on screen, and in the gallery (the server put it there with its payment): the
    // balance comes with it, and RUN is free again while the gallery is refreshed.
    showBalance(result.credits);
    void utils.gallery.list.invalidate();
  };

  const runVideo = async (source: string) => {
    const imagePath = await storedAddress(source);
    const selection =
      state.aiMode === 'auto' && selectedEntries(state.selection).length === 0
        ? await automaticSelection(source)
        : state.selection;
    const prompt = buildVideoPrompt(selection);
    const placeholderId = `studio-${Date.now().toString(36)}`;
    // The spec keeps placeholder failures out of the user's way: the video itself still comes.
    await createPlaceholder
      .mutateAsync({ sourceImagePath: imagePath, prompt, placeholderId })
      .catch((error: unknown) => console.warn('createPlaceholder', error));
    try {
      const generated = await generateVideo.mutateAsync({ imageUrl: imagePath, prompt });
      const url = generated.videoUrl;
      if (!url || !url.startsWith('/')) throw new Error(BAD_VIDEO_URL);
      await updatePlaceholder
        .mutateAsync({ videoUrl: url, sourceImagePath: imagePath })
        .catch((error: unknown) => console.warn('updatePlaceholder', error));
      dispatch({ type: 'resultReady', result: { url, kind: 'video', before: source } });
      openVideo(url);
    } finally {
      await Promise.all([refreshCredits(), utils.videos.list.invalidate()]);
    }
  };

  const run = async () => {
    const video = state.generationMode === 'video';
    const source = state.currentImage;
    if (source === null) {
      showMessage(
        video
          ? { type: 'general', title: 'Aucune image', message: 'Aucune image sélectionnée pour la génération vidéo' }
          : {
              type: 'general',
              title: layout === 'desktop' ? 'Aucune image à transformer' : "Erreur d'upload",
              message: "Veuillez d'abord sélectionner une image.",
            },
      );
      return;
    }
    if (!video && state.aiMode === 'manual' && selectedEntries(state.selection).length === 0) {
      showMessage({
        type: 'general',
        title: 'Aucune option sélectionnée',
        message: 'Veuillez sélectionner au moins une option de transformation.',
      });
      return;
    }
    // What the local engine cannot render as named is explained before anything is sent or charged.
    const cloudOnly = engine === 'local' && !video ? cloudOnlyNames(state.selection) : [];
    if (cloudOnly.length > 0) {
      showMessage({ type: 'general', title: 'Moteur cloud uniquement', message: cloudOnlyMessage(cloudOnly) });
      return;
    }
    if (!user) {
      askSignIn();
      return;
    }
    // The desktop studio lets the server refuse; the phone screen checks the balance first.
    if (layout === 'mobile' && user.credits < cost) {
      showMessage({ type: 'credits', credits: user.credits, cost, beforeRun: true });
      return;
    }
    // Offline, nothing could reach the server: said before anything is tried.
    if (saidOffline()) return;
    setPending(true);
    setAppliedPreset(null);
    try {
      if (video) await runVideo(source);
      else await runImage(source);
    } catch (error) {
      if (video) await fail(error, VIDEO_FAILED, VIDEO_FAILED);
      else
        await fail(error, layout === 'desktop' ? 'Erreur de génération' : 'Erreur de transformation', UNEXPECTED_ERROR);
    } finally {
      setPending(false);
    }
  };

  return { run, pending, uploadProgress, appliedPreset };
}
