import { Button, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useLongPress, useMediaQuery, useSelection } from '@mantine/hooks';
import { IconCamera, IconCheck, IconChecks, IconMovie, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FallbackImage } from '../../../components/FallbackImage';
import { Notice } from '../../../components/Notice';
import { RetryNotice } from '../../../components/RetryNotice';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { downloadFiles } from '../../../lib/download';
import {
  galleryItemTitle,
  imageDownloadOf,
  LIST_POLL_MS,
  deletionQuestion,
  useDeleteImages,
  useOwnGallery,
  type GalleryItem,
} from '../../../lib/gallery';
import { SelectionBar } from '../../gallery/SelectionBar';
import { useOwnVideos, VideosTab } from '../../gallery/VideosTab';
import { StudioSheet } from '../StudioSheet';
import type { FileOrigin } from '../../../lib/image-files';
import { HiddenFileInput } from '../../../components/HiddenFileInput';
import './parts.css';
import { MoreButton } from '../../../components/MoreButton';

/** A press this long on an image enters selection mode. */
const LONG_PRESS_MS = 500;
/** A long press this soon after a scroll is the scroll's finger, not a request to select. */
const SCROLL_FLAG_MS = 1000;

/** True for a second after anything on the page scrolled. */
function useRecentlyScrolled() {
  const scrolled = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      scrolled.current = true;
      clearTimeout(timer);
      timer = setTimeout(() => (scrolled.current = false), SCROLL_FLAG_MS);
    };
    // Scroll events do not bubble: captured at the document, the sheet's own scrolling counts too.
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      document.removeEventListener('scroll', onScroll, { capture: true });
      clearTimeout(timer);
    };
  }, []);
  return scrolled;
}

/** Three to five tiles across the sheet. */
const TILE_SIZES = '(max-width: 48em) 34vw, 20vw';

interface ImageTileProps {
  item: GalleryItem;
  selecting: boolean;
  selected: boolean;
  onTap: () => void;
  /** Long press or right click: selection mode, starting with this image. */
  onSelectPress: () => void;
}

function ImageTile({ item, selecting, selected, onTap, onSelectPress }: ImageTileProps) {
  const title = galleryItemTitle(item);
  // The click that ends a long press must not also pick the image.
  const pressed = useRef(false);
  const longPress = useLongPress(
    () => {
      pressed.current = true;
      onSelectPress();
    },
    { threshold: LONG_PRESS_MS, cancelOnMove: true },
  );
  return (
    <UnstyledButton
      {...longPress}
      className="studio-gallery-tile"
      data-selected={selected || undefined}
      data-testid="gallery-sheet-image"
      aria-label={selecting ? `Sélectionner ${title}` : `Utiliser ${title}`}
      aria-pressed={selecting ? selected : undefined}
      title={title}
      onPointerDown={() => (pressed.current = false)}
      onClick={() => {
        if (pressed.current) {
          pressed.current = false;
          return;
        }
        onTap();
      }}
      onContextMenu={(event) => {
        event.preventDefault();
        onSelectPress();
      }}
    >
      <FallbackImage
        src={item.transformedImagePath}
        fallbackSrc={item.originalImagePath}
        alt={title}
        previewSizes={TILE_SIZES}
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
      />
      {selecting && (
        <ThemeIcon
          className="studio-gallery-tick"
          radius="xl"
          size={24}
          variant={selected ? 'filled' : 'white'}
          color={selected ? 'violet' : 'gray'}
        >
          {selected && <IconCheck size={16} stroke={3} aria-hidden />}
        </ThemeIcon>
      )}
    </UnstyledButton>
  );
}

interface ImagesPanelProps {
  gallery: ReturnType<typeof useOwnGallery>;
  onPick: (imageUrl: string) => void;
}

function ImagesPanel({ gallery, onPick }: ImagesPanelProps) {
  const { query } = gallery;
  const { deleteLater, remaining: items } = useDeleteImages(gallery.items);
  const touch = useMediaQuery('(pointer: coarse)');
  const [selecting, setSelecting] = useState(false);
  const ids = items.map((item) => item.id);
  const [selectedIds, selection] = useSelection({ data: ids });
  const recentlyScrolled = useRecentlyScrolled();

  const endSelection = () => {
    selection.resetSelection();
    setSelecting(false);
  };

  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 3, sm: 4, md: 5 }} spacing={6}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} radius="md" style={{ aspectRatio: '1' }} />
        ))}
      </SimpleGrid>
    );
  }
  if (!query.data) return <RetryNotice title="Vos images n'ont pas pu être chargées" query={query} />;
  if (items.length === 0) {
    return (
      <Notice
        icon={<IconPhoto size={28} />}
        title="Aucune image"
        description="Vos transformations enregistrées apparaîtront ici."
      />
    );
  }

  const selectedItems = items.filter((item) => selectedIds.includes(item.id));
  return (
    <Stack gap="sm">
      {selecting ? (
        <SelectionBar
          className="studio-gallery-selection"
          count={selectedItems.length}
          deleteQuestion={deletionQuestion(selectedItems)}
          onSelectAll={() => selection.setSelection(ids)}
          onDownload={() => void downloadFiles(selectedItems.map(imageDownloadOf))}
          onDelete={() => {
            deleteLater(selectedItems.map((item) => item.id));
            endSelection();
          }}
          onCancel={endSelection}
        />
      ) : (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="xs" c="dimmed">
            {touch
              ? "Touchez une image pour l'utiliser, appui long pour sélectionner"
              : "Cliquez sur une image pour l'utiliser, clic droit pour sélectionner"}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            flex="none"
            leftSection={<IconChecks size={14} aria-hidden />}
            onClick={() => setSelecting(true)}
          >
            Sélectionner
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 3, sm: 4, md: 5 }} spacing={6}>
        {items.map((item) => (
          <ImageTile
            key={item.id}
            item={item}
            selecting={selecting}
            selected={selectedIds.includes(item.id)}
            onTap={() => (selecting ? selection.toggle(item.id) : onPick(item.transformedImagePath))}
            onSelectPress={() => {
              if (recentlyScrolled.current) return;
              setSelecting(true);
              selection.select(item.id);
            }}
          />
        ))}
      </SimpleGrid>
      <MoreButton query={query} size="xs" />
    </Stack>
  );
}

function FileButtons({ onFile }: { onFile: (file: File, origin: FileOrigin) => void }) {
  const uploadRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  return (
    <>
      {/* Widths from the labels, then the spare room shared: the longer label is never cut on a phone. */}
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="light"
          px="xs"
          flex="1 1 auto"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => uploadRef.current?.click()}
        >
          Importer
        </Button>
        <Button
          variant="light"
          px="xs"
          flex="1 1 auto"
          leftSection={<IconCamera size={16} aria-hidden />}
          onClick={() => cameraRef.current?.click()}
        >
          Prendre une photo
        </Button>
      </Group>
      <HiddenFileInput ref={uploadRef} onFile={(file) => onFile(file, 'upload')} data-testid="gallery-upload-input" />
      <HiddenFileInput
        ref={cameraRef}
        capture="environment"
        onFile={(file) => onFile(file, 'camera')}
        data-testid="gallery-camera-input"
      />
    </>
  );
}

interface GallerySheetProps {
  opened: boolean;
  onClose: () => void;
  onPick: (imageUrl: string) => void;
  onFile: (file: File, origin: FileOrigin) => void;
  /** The signed-in user's id; a visitor's sheet asks to sign in and makes no gallery call. */
  userId: number | undefined;
}

/**
 * The user's images and videos from inside the studio: pick an image to work on, bring a new one
 * (file or camera), or select several to download or delete. Lists refresh every 2 s while open.
 */
export function GallerySheet({ opened, onClose, onPick, onFile, userId }: GallerySheetProps) {
  const pollMs = opened ? LIST_POLL_MS : false;
  const gallery = useOwnGallery(userId, { pollMs });
  const videos = useOwnVideos(userId, { pollMs });
  const [tab, setTab] = useState<string | null>('images');
  const imageCount = gallery.query.data ? `${gallery.items.length}${gallery.query.hasNextPage ? '+' : ''}` : '…';
  const videoCount = videos.data ? String(videos.data.totalVideos) : '…';

  return (
    <StudioSheet opened={opened} onClose={onClose} title="Galerie" size="xl">
      <Stack gap="md">
        <FileButtons onFile={onFile} />
        {userId === undefined ? (
          <SignInPrompt
            title="Utilisateur non connecté"
            description="Connectez-vous pour retrouver vos images et vos vidéos."
          />
        ) : (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="sm">
              <Tabs.Tab value="images" leftSection={<IconPhoto size={16} aria-hidden />}>
                Images ({imageCount})
              </Tabs.Tab>
              <Tabs.Tab value="videos" leftSection={<IconMovie size={16} aria-hidden />}>
                Videos ({videoCount})
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="images">
              <ImagesPanel gallery={gallery} onPick={onPick} />
            </Tabs.Panel>
            <Tabs.Panel value="videos">
              <VideosTab videos={videos} homeLink={false} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </StudioSheet>
  );
}
