import { OPTIONS_LINE_LABEL, OPTIONS_SEPARATOR } from '@atelier/catalog';
import { Button, Center, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSelection } from '@mantine/hooks';
import { IconPhotoSearch, IconWand } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppHeader } from '../../components/AppHeader';
import { ImageCard } from '../../components/ImageCard';
import { ImageViewer, type ViewedImage } from '../../components/MediaViewer';
import { Notice } from '../../components/Notice';
import { RetryNotice } from '../../components/RetryNotice';
import { SearchInput } from '../../components/SearchInput';
import { SignInPrompt } from '../../components/SignInPrompt';
import { downloadFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { clearCorruptedLibrarySelection, storeLibrarySelection } from '../../lib/library-selection';
import { downloadNameOf } from '../../lib/media';
import { PLACES } from '../../lib/places';
import { matchesSearch } from '../../lib/search';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useErrorToast } from '../../lib/useErrorToast';
import { useCurrentUser } from '../../lib/user';

type Result = RouterOutputs['transform']['recent'][number];

/** The French option names the studio writes on its prompt's last line, else the prompt's first line. */
function titleOf(result: Result): string {
  const at = result.prompt.lastIndexOf(OPTIONS_LINE_LABEL);
  if (at >= 0)
    return result.prompt
      .slice(at + OPTIONS_LINE_LABEL.length)
      .trim()
      .split(OPTIONS_SEPARATOR)
      .join(' + ');
  return result.prompt.split('\n')[0]?.trim() || 'Transformation';
}

function Library() {
  const navigate = useNavigate();
  const recent = trpc.transform.recent.useQuery();
  useErrorToast(recent.error, 'Erreur lors du chargement de la galerie');
  const [search, setSearch] = useState('');
  const [viewed, setViewed] = useState<ViewedImage | null>(null);

  const visible = useMemo(
    () => (recent.data ?? []).filter((result) => matchesSearch(search, titleOf(result), result.prompt)),
    [recent.data, search],
  );
  const urls = useMemo(() => visible.map((result) => result.transformedImagePath), [visible]);
  const [selected, selection] = useSelection({ data: urls });

  if (recent.isPending) {
    return (
      <Center py={60}>
        <Loader />
      </Center>
    );
  }
  if (!recent.data) return <RetryNotice title="Vos images n'ont pas pu être chargées" query={recent} />;

  const use = () => {
    // In the order shown, newest first, whatever order they were ticked in.
    storeLibrarySelection(
      (recent.data ?? []).map((result) => result.transformedImagePath).filter((url) => selected.includes(url)),
    );
    void navigate('/mobile-transform');
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <SearchInput placeholder="Rechercher une image..." value={search} onChange={setSearch} />
        <Button
          radius="xl"
          leftSection={<IconWand size={16} aria-hidden />}
          disabled={selected.length === 0}
          onClick={use}
        >
          Utiliser ({selected.length})
        </Button>
      </Group>
      {visible.length === 0 ? (
        <Notice
          icon={<IconPhotoSearch size={28} />}
          title="Aucune image trouvée"
          description={search ? 'Essayez un autre mot.' : 'Vos images transformées apparaîtront ici.'}
        >
          {search ? (
            <Button variant="light" radius="xl" onClick={() => setSearch('')}>
              Effacer la recherche
            </Button>
          ) : (
            <Button component={Link} to="/transform" radius="xl">
              Transformer une photo
            </Button>
          )}
        </Notice>
      ) : (
        <>
          {selected.length === 0 ? (
            <Text c="dimmed" fz="sm">
              Choisissez les images à reprendre dans le studio.
            </Text>
          ) : (
            <Group gap="xs">
              <Text fw={600} fz="sm">
                {selected.length} sélectionnée(s)
              </Text>
              <Button size="compact-sm" variant="subtle" color="gray" onClick={selection.resetSelection}>
                Tout désélectionner
              </Button>
            </Group>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
            {visible.map((result) => {
              const title = titleOf(result);
              return (
                <ImageCard
                  key={result.id}
                  src={result.transformedImagePath}
                  fallbackSrc={result.originalImagePath}
                  title={title}
                  subtitle={formatDateTime(result.createdAt)}
                  selecting
                  selected={selected.includes(result.transformedImagePath)}
                  onToggleSelected={() => selection.toggle(result.transformedImagePath)}
                  onView={() =>
                    setViewed({ src: result.transformedImagePath, fallbackSrc: result.originalImagePath, title })
                  }
                  onDownload={() =>
                    void downloadFile({
                      url: result.transformedImagePath,
                      filename: downloadNameOf(result.transformedImagePath),
                    })
                  }
                />
              );
            })}
          </SimpleGrid>
        </>
      )}
      <ImageViewer image={viewed} onClose={() => setViewed(null)} />
    </Stack>
  );
}

/** '/image-library': past results to pick from and hand to the phone studio. */
export function ImageLibraryPage() {
  const { data: user, isPending } = useCurrentUser();
  useEffect(clearCorruptedLibrarySelection, []);
  return (
    <>
      <AppHeader />
      <Container component="main" size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {PLACES.library.label}
          </Title>
          <Text c="dimmed">Vos transformations récentes, à réutiliser comme point de départ.</Text>
        </Stack>
        {isPending ? (
          <Center py={60}>
            <Loader />
          </Center>
        ) : user ? (
          <Library />
        ) : (
          <SignInPrompt
            title="Utilisateur non connecté"
            description="Connectez-vous pour retrouver vos images transformées."
          />
        )}
      </Container>
    </>
  );
}
