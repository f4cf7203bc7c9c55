import { Badge, SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FallbackImage } from '../../components/FallbackImage';
import { engineNameOf } from '../../lib/engine-name';
import { ENGINE_WORDS } from '../../lib/engine-words';
import type { Studio } from './useStudio';

interface Thumb {
  url: string;
  kind: 'source' | 'image' | 'video' | 'gallery';
  /** The engine that made a result, when the server said. */
  engine?: string | undefined;
}

/** The visit's pictures, results first (newest first), then the sources; then the gallery's others. */
export function thumbsOf({ state, galleryImages }: Studio): Thumb[] {
  const visit: Thumb[] = [
    ...state.results.map((result) => ({ url: result.url, kind: result.kind, engine: result.engine })),
    ...state.sources.map((url) => ({ url, kind: 'source' as const })),
  ];
  const shown = new Set(visit.map((thumb) => thumb.url));
  return [
    ...visit,
    ...galleryImages.filter((url) => !shown.has(url)).map((url) => ({ url, kind: 'gallery' as const })),
  ];
}

/** Laid out at 56 px in the strip, a third to a fifth of the modal in the grid. */
const THUMB_SIZES = { strip: '56px', grid: '(max-width: 48em) 34vw, 160px' } as const;

const LABELS: Record<Thumb['kind'], string> = {
  source: 'Image source',
  image: 'Résultat',
  video: 'Vidéo',
  gallery: 'Galerie',
};

/** The pictures of the visit as a strip (under the image) or a grid (the thumbnail modal); a tap puts one in the frame. */
export function StudioThumbnails({
  studio,
  variant,
  children,
}: {
  studio: Studio;
  variant: 'strip' | 'grid';
  children?: ReactNode;
}) {
  const thumbs = thumbsOf(studio);
  const tiles = thumbs.map((thumb, index) => (
    <UnstyledButton
      key={thumb.url}
      className="studio-thumb"
      data-current={thumb.url === studio.state.currentImage || undefined}
      data-kind={thumb.kind}
      aria-label={`${LABELS[thumb.kind]} ${index + 1}`}
      onClick={() => {
        if (thumb.kind === 'video') studio.openVideo(thumb.url);
        else studio.pickImage(thumb.url);
      }}
    >
      {thumb.kind === 'video' ? (
        <span className="studio-thumb-video" aria-hidden>
          <IconPlayerPlayFilled size={18} />
        </span>
      ) : (
        <FallbackImage src={thumb.url} alt="" previewSizes={THUMB_SIZES[variant]} />
      )}
      {(thumb.kind === 'image' || thumb.kind === 'video') && (
        <Badge
          className="studio-thumb-badge"
          size="xs"
          variant="filled"
          color={thumb.kind === 'video' ? 'pink' : 'violet'}
        >
          {thumb.kind === 'video' ? 'Vidéo' : ENGINE_WORDS[engineNameOf(thumb.engine)].resultBadge}
        </Badge>
      )}
    </UnstyledButton>
  ));
  if (variant === 'grid') {
    return (
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
        {tiles}
      </SimpleGrid>
    );
  }
  return (
    <div className="studio-strip" data-testid="studio-strip">
      {tiles}
      {children}
    </div>
  );
}
