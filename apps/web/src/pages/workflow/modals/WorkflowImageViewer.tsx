import { Stack } from '@mantine/core';
import { FittedCompare } from '../../../components/FittedCompare';
import { DownloadAction, ImageViewer, MediaViewer } from '../../../components/MediaViewer';
import { downloadNameOf } from '../../../lib/media';
import { ImageDots } from '../nodes/ImageDots';

export interface ViewedPicture {
  title: string;
  /** The picture shown, or the "after" of a comparison. */
  src: string;
  /** With a "before", the viewer compares the two with a slider starting in the middle. */
  before: string | null;
  /** A result's renders, to switch between them. */
  images: string[];
  index: number;
}

/** Full-screen view of a node's picture; a render is compared with the picture it started from. */
export function WorkflowImageViewer({
  picture,
  onClose,
  onIndex,
}: {
  picture: ViewedPicture | null;
  onClose: () => void;
  onIndex: (index: number) => void;
}) {
  if (picture && !picture.before)
    return <ImageViewer image={{ src: picture.src, title: picture.title }} onClose={onClose} />;
  return (
    <MediaViewer
      opened={picture !== null}
      onClose={onClose}
      title={picture?.title ?? ''}
      actions={
        picture && (
          <DownloadAction label="Télécharger" file={{ url: picture.src, filename: downloadNameOf(picture.src) }} />
        )
      }
    >
      {picture?.before && (
        <Stack align="center" gap="md" w="100%" h="100%" justify="center">
          <FittedCompare
            before={{ src: picture.before, alt: 'Image de départ' }}
            after={{ src: picture.src, alt: picture.title }}
            resetKey={picture.src}
          />
          <ImageDots count={picture.images.length} index={picture.index} onSelect={onIndex} testId="viewer-dots" />
        </Stack>
      )}
    </MediaViewer>
  );
}
