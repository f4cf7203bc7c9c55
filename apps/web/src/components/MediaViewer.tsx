import { ActionIcon, Button, Group, Modal } from '@mantine/core';
import { IconColumns2, IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { downloadFile, type DownloadFile } from '../lib/download';
import { downloadNameOf, stitchPathOf } from '../lib/media';
import { toast } from '../lib/toast';
import { FallbackImage } from './FallbackImage';

interface MediaViewerProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Buttons shown left of the close button. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A full-screen dark stage for one picture or video, whatever the page's theme. */
export function MediaViewer({ opened, onClose, title, actions, children }: MediaViewerProps) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      fullScreen
      transitionProps={{ transition: 'fade', duration: 150 }}
      styles={{
        content: { background: 'rgba(8, 8, 14, 0.97)', display: 'flex', flexDirection: 'column' },
        header: { background: 'transparent', color: 'white', gap: 'var(--mantine-spacing-xs)' },
        title: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 600 },
        body: {
          flex: 1,
          minHeight: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 'var(--mantine-spacing-sm)',
        },
      }}
    >
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{title}</Modal.Title>
          <Group gap="xs" wrap="nowrap">
            {actions}
            <Modal.CloseButton aria-label="Fermer" size="lg" c="white" ml={0} />
          </Group>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** The download button of a viewer's header. */
export function DownloadAction({
  label,
  file,
  failureTitle,
}: {
  label: string;
  file: DownloadFile;
  failureTitle?: string;
}) {
  return (
    <ActionIcon
      variant="white"
      color="dark"
      size="lg"
      radius="xl"
      aria-label={label}
      onClick={() => void downloadFile(file, failureTitle)}
    >
      <IconDownload size={18} aria-hidden />
    </ActionIcon>
  );
}

export interface ViewedImage {
  src: string;
  fallbackSrc?: string | null;
  title: string;
}

/** The full-screen image viewer: download, and the before/after page for a transformation result. */
export function ImageViewer({ image, onClose }: { image: ViewedImage | null; onClose: () => void }) {
  const stitchPath = image && stitchPathOf(image.src);
  return (
    <MediaViewer
      opened={image !== null}
      onClose={onClose}
      title={image?.title ?? ''}
      actions={
        image && (
          <>
            {stitchPath && (
              <Button
                component={Link}
                to={stitchPath}
                size="xs"
                radius="xl"
                variant="white"
                color="dark"
                leftSection={<IconColumns2 size={14} aria-hidden />}
              >
                Avant / après
              </Button>
            )}
            <DownloadAction label="Télécharger" file={{ url: image.src, filename: downloadNameOf(image.src) }} />
          </>
        )
      }
    >
      {image && (
        <FallbackImage
          src={image.src}
          fallbackSrc={image.fallbackSrc}
          alt={image.title}
          loading="eager"
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', borderRadius: 8 }}
        />
      )}
    </MediaViewer>
  );
}

export interface ViewedVideo {
  src: string;
  poster?: string | null;
  title: string;
  /** What the download button saves (the video's download address may differ from its stream). */
  download: DownloadFile;
}

/** The full-screen video player; a video that cannot be played closes it and says so. */
export function VideoViewer({ video, onClose }: { video: ViewedVideo | null; onClose: () => void }) {
  return (
    <MediaViewer
      opened={video !== null}
      onClose={onClose}
      title={video?.title ?? ''}
      actions={
        video && (
          <DownloadAction
            label="Télécharger la vidéo"
            file={video.download}
            failureTitle="Impossible de télécharger la vidéo"
          />
        )
      }
    >
      {video && (
        <video
          src={video.src}
          poster={video.poster ?? undefined}
          controls
          autoPlay
          playsInline
          onError={() => {
            toast({ title: 'Impossible de lire la vidéo', variant: 'destructive' });
            onClose();
          }}
          style={{ maxWidth: '100%', maxHeight: '100%', borderRadius: 8 }}
          data-testid="video-player"
        />
      )}
    </MediaViewer>
  );
}
