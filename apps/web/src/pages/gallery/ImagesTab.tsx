import { Button, Chip, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useSelection } from '@mantine/hooks';
import { IconChecks, IconHome, IconPhoto, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ImageCard } from '../../components/ImageCard';
import { ImageViewer } from '../../components/MediaViewer';
import { Notice } from '../../components/Notice';
import { RetryNotice } from '../../components/RetryNotice';
import { SearchInput } from '../../components/SearchInput';
import { downloadFile, downloadFiles } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { engineLabel } from '../../lib/engine';
import { galleryItemTitle, imageDownloadOf, useDeleteImages, type GalleryItem, type useOwnGallery } from '../../lib/gallery';
import { matchesSearch } from '../../lib/search';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { SelectionBar } from './SelectionBar';

const ALL_OPTIONS = 'Tous';

export function ImagesTab({ gallery }: { gallery: ReturnType<typeof useOwnGallery> }) {
  const { query, items } = gallery;
  const [search, setSearch] = useState('');
  const [chosenOption, setChosenOption] = useState(ALL_OPTIONS);
  const [selecting, setSelecting] = useState(false);
  const [viewed, setViewed] = useState<GalleryItem | null>(null);

  const options = useMemo(() => [...new Set(items.flatMap((item) => (item.transformationOption ? [item.transformationOption] : [])))], [items]);
  // A filter whose last image was deleted falls back to all.
  const option = options.includes(chosenOption) ? chosenOption : ALL_OPTIONS;
  const visible = useMemo(
    () =>
      items.filter(
        (item) => (option === ALL_OPTIONS || item.transformationOption === option) && matchesSearch(search, item.transformationOption, item.transformationType),
      ),
    [items, option, search],
  );
  const visibleIds = useMemo(() => visible.map((item) => item.id), [visible]);
  const [selectedIds, selection] = useSelection({ data: visibleIds });

  const endSelection = () => {
    selection.resetSelection();
    setSelecting(false);
  };

  const { deleteOne, deleteMany } = useDeleteImages(items, { onDeletedMany: endSelection });

  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} radius="lg" style={{ aspectRatio: '0.8' }} />
        ))}
      </SimpleGrid>
    );
  }
  if (!query.data) return <RetryNotice title="Vos images n'ont pas pu être chargées" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (items.length === 0) {
    return (
      <Notice icon={<IconPhoto size={28} />} title="Aucune image" description="Les transformations que vous enregistrez apparaîtront ici.">
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
          <Button variant="default" radius="xl" leftSection={<IconChecks size={16} aria-hidden />} onClick={() => setSelecting(true)}>
            Sélectionner
          </Button>
        )}
      </Group>
      <Chip.Group value={option} onChange={setChosenOption}>
        <Group gap="xs" wrap="nowrap" className="gallery-chips" role="group" aria-label="Filtrer par option">
          {[ALL_OPTIONS, ...options].map((name) => (
            <Chip key={name} value={name} size="sm">
              {name}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {selecting && (
        <SelectionBar
          pos="sticky"
          top={64}
          className="gallery-selection-bar"
          count={selectedItems.length}
          onSelectAll={() => selection.setSelection(visibleIds)}
          onDownload={() => void downloadFiles(selectedItems.map(imageDownloadOf))}
          onDelete={() => deleteMany.mutate({ ids: selectedItems.map((item) => item.id) })}
          deleting={deleteMany.isPending}
          onCancel={endSelection}
        />
      )}
      {visible.length === 0 ? (
        <Notice icon={<IconSearch size={28} />} title="Aucun résultat" description="Aucune image ne correspond à cette recherche.">
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
              subtitle={[formatDate(item.createdAt), engineLabel(item.engine)].filter(Boolean).join(' · ')}
              selecting={selecting}
              selected={selectedIds.includes(item.id)}
              onToggleSelected={() => selection.toggle(item.id)}
              onView={() => setViewed(item)}
              onDownload={() => void downloadFile(imageDownloadOf(item))}
              actions={
                <ConfirmDeleteButton
                  label="Supprimer l'image"
                  question="Supprimer définitivement cette image ?"
                  loading={deleteOne.isPending && deleteOne.variables?.id === item.id}
                  onConfirm={() => deleteOne.mutate({ id: item.id })}
                />
              }
            />
          ))}
        </SimpleGrid>
      )}
      {query.hasNextPage && (
        <Group justify="center">
          <Button variant="default" radius="xl" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            Voir plus
          </Button>
        </Group>
      )}
      <ImageViewer
        image={viewed && { src: viewed.transformedImagePath, fallbackSrc: viewed.originalImagePath, title: galleryItemTitle(viewed) }}
        onClose={() => setViewed(null)}
      />
    </Stack>
  );
}
