import { Button, Chip, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useSelection } from '@mantine/hooks';
import { IconChecks, IconDownload, IconHome, IconPhoto, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ImageCard } from '../../components/ImageCard';
import { ImageViewer } from '../../components/MediaViewer';
import { Notice } from '../../components/Notice';
import { RetryNotice } from '../../components/RetryNotice';
import { SearchInput } from '../../components/SearchInput';
import { downloadFile, downloadFiles } from '../../lib/download';
import { formatDate } from '../../lib/format';
import type { GalleryItem, useOwnGallery } from '../../lib/gallery';
import { downloadNameOf } from '../../lib/media';
import { matchesSearch } from '../../lib/search';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';

const ALL_OPTIONS = 'Tous';

const titleOf = (item: GalleryItem) => item.transformationOption ?? 'Transformation';
const fileOf = (item: GalleryItem) => ({ url: item.transformedImagePath, filename: downloadNameOf(item.transformedImagePath) });

export function ImagesTab({ gallery }: { gallery: ReturnType<typeof useOwnGallery> }) {
  const { query, items } = gallery;
  const utils = trpc.useUtils();
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

  /** Refreshes the gallery, and the public feed when a published image went with the deletion. */
  const afterDeletion = (ids: readonly number[]) => {
    void utils.gallery.list.invalidate();
    if (items.some((item) => ids.includes(item.id) && item.isPublic)) void utils.feed.list.invalidate();
  };

  const deleteOne = trpc.gallery.delete.useMutation({
    onSuccess: (_result, { id }) => {
      toast({ title: 'Image supprimée' });
      afterDeletion([Number(id)]);
    },
    onError: (error) => toast({ title: 'Erreur lors de la suppression', description: errorMessage(error, ''), variant: 'destructive' }),
  });
  const deleteMany = trpc.gallery.deleteMany.useMutation({
    onSuccess: ({ deletedCount }, { ids }) => {
      toast({ title: 'Images supprimées', description: `${deletedCount} image(s) supprimée(s) avec succès` });
      endSelection();
      afterDeletion(ids.map(Number));
    },
    onError: (error) => toast({ title: 'Erreur lors de la suppression multiple', description: errorMessage(error, ''), variant: 'destructive' }),
  });

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
        <Paper withBorder radius="lg" p="xs" pos="sticky" top={64} className="gallery-selection-bar" data-testid="selection-bar">
          <Group justify="space-between" gap="xs">
            <Text fw={600} fz="sm" px={4}>
              {selectedItems.length} sélectionnée(s)
            </Text>
            <Group gap={6}>
              <Button size="xs" variant="default" onClick={() => selection.setSelection(visibleIds)}>
                Tout sélectionner
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                disabled={selectedItems.length === 0}
                onClick={() => void downloadFiles(selectedItems.map(fileOf))}
              >
                Télécharger
              </Button>
              <Button
                size="xs"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                disabled={selectedItems.length === 0}
                loading={deleteMany.isPending}
                onClick={() => deleteMany.mutate({ ids: selectedItems.map((item) => item.id) })}
              >
                Supprimer
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={endSelection}>
                Annuler
              </Button>
            </Group>
          </Group>
        </Paper>
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
              title={titleOf(item)}
              subtitle={formatDate(item.createdAt)}
              selecting={selecting}
              selected={selectedIds.includes(item.id)}
              onToggleSelected={() => selection.toggle(item.id)}
              onView={() => setViewed(item)}
              onDownload={() => void downloadFile(fileOf(item))}
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
        image={viewed && { src: viewed.transformedImagePath, fallbackSrc: viewed.originalImagePath, title: titleOf(viewed) }}
        onClose={() => setViewed(null)}
      />
    </Stack>
  );
}
