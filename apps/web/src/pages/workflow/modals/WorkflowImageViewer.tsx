import { Box, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CompareSlider } from '../../../components/CompareSlider';
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

/** The natural size of a picture, once loaded. */
function useImageSize(src: string | null) {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!src) return;
    const image = new Image();
    image.onload = () => setSize({ src, width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => setSize({ src, width: 4, height: 3 });
    image.src = src;
  }, [src]);
  return size?.src === src ? size : null;
}

/** Full-screen view of a node's picture; a render is compared with the picture it started from. */
export function WorkflowImageViewer({ picture, onClose, onIndex }: { picture: ViewedPicture | null; onClose: () => void; onIndex: (index: number) => void }) {
  const size = useImageSize(picture?.before ? picture.src : null);
  if (picture && !picture.before) return <ImageViewer image={{ src: picture.src, title: picture.title }} onClose={onClose} />;
  return (
    <MediaViewer
      opened={picture !== null}
      onClose={onClose}
      title={picture?.title ?? ''}
      actions={
        picture && <DownloadAction label="Télécharger" file={{ url: picture.src, filename: downloadNameOf(picture.src) }} />
      }
    >
      {picture?.before && (
        <Stack align="center" gap="md" w="100%" h="100%" justify="center">
          {size ? (
            <Box w={`min(100%, calc((100dvh - 150px) * ${size.width / size.height}))`}>
              <CompareSlider
                before={{ src: picture.before, alt: 'Image de départ' }}
                after={{ src: picture.src, alt: picture.title }}
                width={size.width}
                height={size.height}
                priority
                resetKey={picture.src}
              />
            </Box>
          ) : (
            <Loader color="white" />
          )}
          <ImageDots count={picture.images.length} index={picture.index} onSelect={onIndex} testId="viewer-dots" />
        </Stack>
      )}
    </MediaViewer>
  );
}
