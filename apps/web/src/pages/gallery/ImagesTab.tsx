import { Box, Button, Chip, Group, NativeSelect, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useSelection } from '@mantine/hooks';
import { IconChecks, IconHeartFilled, IconHome, IconPhoto, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ImageCard } from '../../components/ImageCard';
import { ImageViewer } from '../../components/MediaViewer';
import { Notice } from '../../components/Notice';
import { PublicationActions } from '../../components/PublicationActions';
import { ModerationDecision } from './ModerationDecision';
import { PublishDialog } from '../../components/PublishDialog';
import { RetryNotice } from '../../components/RetryNotice';
import { SearchInput } from '../../components/SearchInput';
import { downloadFile, downloadFiles } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { engineLabel } from '../../lib/engine';
import {
  galleryItemTitle,
  imageDownloadOf,
  optionsOf,
  deletionQuestion,
  useDeleteImages,
  useToggleFavorite,
  type GalleryItem,
  type useOwnGallery,
} from '../../lib/gallery';
import { usePublication } from '../../lib/publication';
import { matchesSearch } from '../../lib/search';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { SelectionBar } from './SelectionBar';
import { MoreButton } from '../../components/MoreButton';

const ALL_OPTIONS = 'Tous';
/** The favourites' chip: a value no option label can take. */
const FAVORITES = '♥ favoris';

type SortOrder = 'newest' | 'oldest' | 'favorites';

const SORT_ORDERS: { value: SortOrder; label: string }[] = [
  { value: 'newest', label: 'Plus récentes' },
  { value: 'oldest', label: 'Plus anciennes' },
  { value: 'favorites', label: "Favoris d'abord" },
];

function sortItems(items: GalleryItem[], order: SortOrder): GalleryItem[] {
  const time = (item: GalleryItem) => new Date(item.createdAt).getTime();
  const newestFirst = (a: GalleryItem, b: GalleryItem) => time(b) - time(a);
  if (order === 'oldest') return items.toSorted((a, b) => time(a) - time(b));
  if (order === 'favorites')
    return items.toSorted((a, b) => Number(b.isFavorite) - Number(a.isFavorite) || newestFirst(a, b));
  return items.toSorted(newestFirst);
}

export function ImagesTab({ gallery }: { gallery: ReturnType<typeof useOwnGallery> }) {
  const { query } = gallery;
  // Images of a deletion still open to "Annuler" are already gone from the screen.
  const { deleteLater, remaining: items } = useDeleteImages(gallery.items);
  const [search, setSearch] = useState('');
  const [chosenOption, setChosenOption] = useState(ALL_OPTIONS);
  const [selecting, setSelecting] = useState(false);
  const [viewed, setViewed] = useState<GalleryItem | null>(null);

  const [order, setOrder] = useState<SortOrder>('newest');
  // One chip per option (not per combination), the most used first.
  const options = useMemo(() => {
    const counts = new Map<string, number>();
    for (const option of items.flatMap(optionsOf)) counts.set(option, (counts.get(option) ?? 0) + 1);
    return [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!);
  }, [items]);
  const hasFavorites = items.some((item) => item.isFavorite);
  // A filter whose last image was deleted (or unmarked) falls back to all.
  const option =
    options.includes(chosenOption) || (chosenOption === FAVORITES && hasFavorites) ? chosenOption : ALL_OPTIONS;
  const visible = useMemo(() => {
    const matchesChip = (item: GalleryItem) =>
      option === ALL_OPTIONS || (option === FAVORITES ? item.isFavorite : optionsOf(item).includes(option));
    return sortItems(
      items.filter(
        (item) => matchesChip(item) && matchesSearch(search, item.transformationOption, item.transformationType),
      ),
      order,
    );
  }, [items, option, search, order]);
  const visibleIds = useMemo(() => visible.map((item) => item.id), [visible]);
  const [selectedIds, selection] = useSelection({ data: visibleIds });

  const endSelection = () => {
    selection.resetSelection();
    setSelecting(false);
  };

  const { publishImage, unpublish } = usePublication();
  const toggleFavorite = useToggleFavorite();
  const [publishing, setPublishing] = useState<(typeof items)[number] | null>(null);

  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} radius="lg" style={{ aspectRatio: '0.8' }} />
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
        description="Les transformations que vous enregistrez apparaîtront ici."
      >
        <Button component={Link} to="/" radius="xl" variant="light" leftSection={<IconHome size={16} aria-hidden />}>
          Retour à l'accueil
        </Button>
      </Notice>
    );
  }

  // Actions apply to what is shown: an image hidden by a filter, or deleted meanwhile, is left out.
  const selectedItems = visible.filter((item) => selectedIds.includes(item.id));
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <SearchInput placeholder="Rechercher par style..." value={search} onChange={setSearch} />
        {!selecting && (
          <Button
            variant="default"
            radius="xl"
            leftSection={<IconChecks size={16} aria-hidden />}
            onClick={() => setSelecting(true)}
          >
            Sélectionner
          </Button>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Box flex={1} miw={0}>
          <Chip.Group value={option} onChange={setChosenOption}>
            <Group gap="xs" wrap="nowrap" className="gallery-chips" role="group" aria-label="Filtrer par option">
              <Chip value={ALL_OPTIONS} size="sm">
                {ALL_OPTIONS}
              </Chip>
              {hasFavorites && (
                <Chip value={FAVORITES} size="sm" icon={<IconHeartFilled size={12} aria-hidden />}>
                  Favoris
                </Chip>
              )}
              {options.map((name) => (
                <Chip key={name} value={name} size="sm">
                  {name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Box>
        <NativeSelect
          aria-label="Trier"
          radius="xl"
          w={150}
          flex="none"
          data={SORT_ORDERS}
          value={order}
          onChange={(event) => setOrder(event.currentTarget.value as SortOrder)}
        />
      </Group>
      {selecting && (
        <SelectionBar
          pos="sticky"
          top={64}
          className="gallery-selection-bar"
          count={selectedItems.length}
          deleteQuestion={deletionQuestion(selectedItems)}
          onSelectAll={() => selection.setSelection(visibleIds)}
          onDownload={() => void downloadFiles(selectedItems.map(imageDownloadOf))}
          onDelete={() => {
            deleteLater(selectedItems.map((item) => item.id));
            endSelection();
          }}
          onCancel={endSelection}
        />
      )}
      {visible.length === 0 ? (
        <Notice
          icon={<IconSearch size={28} />}
          title="Aucun résultat"
          description="Aucune image ne correspond à cette recherche."
        >
          <Button
            variant="light"
            radius="xl"
            onClick={() => {
              setSearch('');
              setChosenOption(ALL_OPTIONS);
            }}
          >
            Effacer les filtres
          </Button>
        </Notice>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
          {visible.map((item) => (
            <ImageCard
              key={item.id}
              src={item.transformedImagePath}
              fallbackSrc={item.originalImagePath}
              title={galleryItemTitle(item)}
              subtitle={[formatDate(item.createdAt), engineLabel(item.engine, item.models)].filter(Boolean).join(' · ')}
              selecting={selecting}
              selected={selectedIds.includes(item.id)}
              onToggleSelected={() => selection.toggle(item.id)}
              onView={() => setViewed(item)}
              onDownload={() => void downloadFile(imageDownloadOf(item))}
              favorite={{
                isFavorite: item.isFavorite,
                busy: toggleFavorite.isPending && toggleFavorite.variables?.id === item.id,
                onToggle: () => toggleFavorite.mutate({ id: item.id, isFavorite: !item.isFavorite }),
              }}
              actions={
                <>
                  {item.moderation && <ModerationDecision itemId={item.id} moderation={item.moderation} />}
                  <PublicationActions
                    publicPostId={item.isPublic ? item.id : null}
                    disabled={item.moderation !== null}
                    title={galleryItemTitle(item)}
                    busy={
                      (publishImage.isPending && publishImage.variables?.postId === item.id) ||
                      (unpublish.isPending && unpublish.variables?.postId === item.id)
                    }
                    onPublish={() => setPublishing(item)}
                    onUnpublish={(postId) => unpublish.mutate({ postId })}
                  />
                  <ConfirmDeleteButton
                    label="Supprimer l'image"
                    question={deletionQuestion([item])}
                    onConfirm={() => deleteLater([item.id])}
                  />
                </>
              }
            />
          ))}
        </SimpleGrid>
      )}
      <MoreButton query={query} />
      <ImageViewer
        image={
          viewed && {
            src: viewed.transformedImagePath,
            fallbackSrc: viewed.originalImagePath,
            title: galleryItemTitle(viewed),
          }
        }
        onClose={() => setViewed(null)}
      />
      <PublishDialog item={publishing} publish={publishImage} onClose={() => setPublishing(null)} />
    </Stack>
  );
}
