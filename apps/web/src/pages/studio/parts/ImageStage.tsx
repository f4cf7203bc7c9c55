import { ActionIcon, Box, Button, Center, Loader, Progress, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { useMediaQuery, useNetwork } from '@mantine/hooks';
import { IconPhotoOff, IconUpload, IconWifiOff, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent, type PointerEvent, type ReactNode } from 'react';
import { HiddenFileInput } from '../../../components/HiddenFileInput';
import { canPan, MAX_ZOOM, MIN_ZOOM, panBy, resetView, zoomIn, zoomOut, type FrameSize, type StageView } from './zoom';
import './parts.css';

/** A picture that arrives within this time never shows the loading placeholder (no flash). */
const LOADING_PLACEHOLDER_DELAY_MS = 50;

type LoadState = 'loading' | 'loaded' | 'error';

interface ImageStageProps {
  src: string | null;
  alt: string;
  /** A file dropped on the stage or picked from its drop zone (checked by the caller). */
  onFile: (file: File) => void;
  /** Work in progress on this picture (a generation): a veil with a spinner over it. */
  loading?: boolean;
  /** Laid over the stage (mode switch, run button...); the zoom buttons hold the top-right corner. */
  overlay?: ReactNode;
  /** Shown under the spinner while `loading`. */
  loadingLabel?: string;
  /** A bar under the label while `loading` (0–100, and what it measures), when the work reports it. */
  loadingProgress?: { value: number; label: string } | null;
  /** A line under the label while `loading`: how long the work should still take. */
  loadingDetail?: string | null;
  /** Stops the work in progress: an "Annuler" button under the progress. */
  onCancel?: (() => void) | undefined;
  /** The picture at `src` could not be loaded. */
  onError?: (src: string) => void;
}

function Placeholder({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Center pos="absolute" inset={0} p="md">
      <Stack align="center" gap={6} maw={280} ta="center">
        {icon}
        <Text fw={600}>{title}</Text>
        {description && (
          <Text c="dimmed" fz="sm">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Center>
  );
}

function DropZone({ onPick, dragging }: { onPick: () => void; dragging: boolean }) {
  const touch = useMediaQuery('(pointer: coarse)');
  return (
    <Box
      component="button"
      type="button"
      className="studio-drop-zone"
      data-dragging={dragging || undefined}
      aria-label="Zone de dépôt"
      onClick={onPick}
    >
      <Stack align="center" gap={8}>
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconUpload size={28} aria-hidden />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          Zone de dépôt
        </Text>
        <Text c="dimmed" fz="sm" ta="center">
          {touch ? 'Touchez pour choisir une image' : 'Glissez une image ici ou cliquez pour en choisir une'}
        </Text>
        <Text c="dimmed" fz="xs">
          PNG, JPG jusqu'à 10MB
        </Text>
      </Stack>
    </Box>
  );
}

/**
 * The studio's main picture: zoom buttons (0.5× to 3×), drag to pan while enlarged, loading, error
 * and offline placeholders, and a drop zone when there is no picture yet. A new `src` starts again
 * at 1× centred.
 */
export function ImageStage({
  src,
  alt,
  onFile,
  loading = false,
  overlay,
  loadingLabel,
  loadingProgress = null,
  loadingDetail = null,
  onCancel,
  onError,
}: ImageStageProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { online } = useNetwork();

  // Everything about the shown picture belongs to its address: a new one starts from scratch.
  const [shown, setShown] = useState({ src, view: resetView(), state: 'loading' as LoadState, attempt: 0 });
  if (shown.src !== src) setShown({ src, view: resetView(), state: 'loading', attempt: 0 });
  const { view, state, attempt } = shown;
  const setView = (next: (view: StageView) => StageView) =>
    setShown((current) => ({ ...current, view: next(current.view) }));
  const setState = (next: LoadState) =>
    setShown((current) => (current.src === src ? { ...current, state: next } : current));

  // The loading placeholder belongs to one attempt at one address.
  const attemptKey = `${src}#${attempt}`;
  const [slowAttempt, setSlowAttempt] = useState<string | null>(null);
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setSlowAttempt(attemptKey), LOADING_PLACEHOLDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [attemptKey, state]);
  const slow = slowAttempt === attemptKey;

  // Back online after a failure: try the picture again.
  useEffect(() => {
    if (online)
      setShown((current) =>
        current.state === 'error' ? { ...current, state: 'loading', attempt: current.attempt + 1 } : current,
      );
  }, [online]);

  const frameSize = (): FrameSize => {
    const rect = frameRef.current?.getBoundingClientRect();
    return { width: rect?.width ?? 0, height: rect?.height ?? 0 };
  };

  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const [panning, setPanning] = useState(false);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!canPan(view) || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    setPanning(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    const frame = frameSize();
    setView((current) => panBy(current, dx, dy, frame));
  };
  const endPan = () => {
    drag.current = null;
    setPanning(false);
  };

  const [dragOver, setDragOver] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  const pickFile = () => inputRef.current?.click();
  const offline = !online && state !== 'loaded';

  return (
    <Box
      ref={frameRef}
      className="studio-stage"
      data-testid="image-stage"
      h="100%"
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
      }}
      onDrop={onDrop}
    >
      <HiddenFileInput ref={inputRef} onFile={onFile} data-testid="stage-file-input" />
      {src === null ? (
        <DropZone onPick={pickFile} dragging={dragOver} />
      ) : (
        <>
          <div
            className="studio-stage-viewport"
            data-pannable={canPan(view) || undefined}
            data-panning={panning || undefined}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endPan}
            onPointerCancel={endPan}
          >
            {state !== 'error' && (
              <img
                key={attemptKey}
                src={src}
                alt={alt}
                draggable={false}
                decoding="async"
                data-loaded={state === 'loaded' || undefined}
                className="studio-stage-image"
                style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
                onLoad={() => setState('loaded')}
                onError={() => {
                  setState('error');
                  onError?.(src);
                }}
              />
            )}
          </div>
          {offline ? (
            <Placeholder
              icon={<IconWifiOff size={36} color="var(--mantine-color-dimmed)" aria-hidden />}
              title="Vous êtes hors ligne"
              description="L'image s'affichera dès le retour de la connexion."
            />
          ) : state === 'error' ? (
            <Placeholder
              icon={<IconPhotoOff size={36} color="var(--mantine-color-dimmed)" aria-hidden />}
              title="Image indisponible"
              description="Elle n'a pas pu être chargée."
            >
              <Button
                size="xs"
                variant="light"
                radius="xl"
                onClick={() => setShown((current) => ({ ...current, state: 'loading', attempt: current.attempt + 1 }))}
              >
                Réessayer
              </Button>
            </Placeholder>
          ) : (
            state === 'loading' && slow && <Placeholder icon={<Loader size="md" />} title="Chargement de l'image..." />
          )}
          <Stack gap={6} className="studio-stage-zoom" onPointerDown={(event) => event.stopPropagation()}>
            <Tooltip label="Zoom avant" position="left" openDelay={400}>
              <ActionIcon
                variant="default"
                size="lg"
                radius="xl"
                aria-label="Zoom avant"
                disabled={view.scale >= MAX_ZOOM}
                onClick={() => setView((current) => zoomIn(current, frameSize()))}
              >
                <IconZoomIn size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Zoom arrière" position="left" openDelay={400}>
              <ActionIcon
                variant="default"
                size="lg"
                radius="xl"
                aria-label="Zoom arrière"
                disabled={view.scale <= MIN_ZOOM}
                onClick={() => setView((current) => zoomOut(current, frameSize()))}
              >
                <IconZoomOut size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Taille réelle (1:1)" position="left" openDelay={400}>
              <ActionIcon
                variant="default"
                size="lg"
                radius="xl"
                aria-label="Réinitialiser le zoom (1:1)"
                onClick={() => setView(resetView)}
              >
                <IconZoomReset size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {view.scale !== 1 && (
              <Text className="studio-stage-zoom-level" fz={11} fw={700} ta="center" data-testid="zoom-level">
                {Math.round(view.scale * 100)} %
              </Text>
            )}
          </Stack>
          {dragOver && (
            <Center className="studio-stage-drop-veil">
              <Stack align="center" gap={6}>
                <IconUpload size={32} aria-hidden />
                <Text fw={700}>Déposez l'image ici</Text>
              </Stack>
            </Center>
          )}
        </>
      )}
      {loading && (
        <Center className="studio-stage-busy" aria-live="polite">
          <Stack align="center" gap={8}>
            <Loader color="white" />
            {loadingLabel && (
              <Text c="white" fw={600} fz="sm" ta="center" data-testid="generation-progress">
                {loadingLabel}
              </Text>
            )}
            {loadingDetail && (
              <Text c="white" fz="xs" ta="center" data-testid="generation-estimate">
                {loadingDetail}
              </Text>
            )}
            {loadingProgress !== null && (
              <Progress
                value={loadingProgress.value}
                w={180}
                size="sm"
                color="white"
                radius="xl"
                aria-label={loadingProgress.label}
                transitionDuration={200}
              />
            )}
            {onCancel && (
              <Button
                size="compact-sm"
                radius="xl"
                variant="white"
                color="dark"
                onClick={onCancel}
                data-testid="generation-cancel"
              >
                Annuler
              </Button>
            )}
          </Stack>
        </Center>
      )}
      {overlay}
    </Box>
  );
}
