import { Badge, Button, Center, Container, Group, Loader, Tabs, Text, Title } from '@mantine/core';
import { IconMovie, IconPhoto, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { AppHeader } from '../../components/AppHeader';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useOwnGallery } from '../../lib/gallery';
import { PLACES } from '../../lib/places';
import { useCurrentUser } from '../../lib/user';
import { ImagesTab } from './ImagesTab';
import { useOwnVideos, VideosTab } from './VideosTab';
import './gallery.css';

function TabCount({ count }: { count: string | undefined }) {
  return count === undefined ? null : (
    <Badge size="sm" variant="light" circle={count.length < 3}>
      {count}
    </Badge>
  );
}

/** The gallery: the user's saved images and generated videos. */
export function GalleryPage() {
  const { data: user, isPending } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'videos' ? 'videos' : 'images';
  const gallery = useOwnGallery(user?.id);
  const videos = useOwnVideos(user?.id);
  const imageCount = gallery.query.data && `${gallery.items.length}${gallery.query.hasNextPage ? '+' : ''}`;

  return (
    <>
      <AppHeader />
      <Container component="main" size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {PLACES.gallery.label}
            </Title>
            <Text c="dimmed">Vos images et vidéos transformées, à revoir, télécharger ou trier.</Text>
          </div>
          {user && (
            <Button component={Link} to="/transform" radius="xl" leftSection={<IconPlus size={16} aria-hidden />}>
              Nouvelle création
            </Button>
          )}
        </Group>
        {isPending ? (
          <Center py={60}>
            <Loader />
          </Center>
        ) : !user ? (
          <SignInPrompt
            title="Utilisateur non connecté"
            description="Connectez-vous pour retrouver vos images et vos vidéos."
          />
        ) : (
          <Tabs
            value={tab}
            onChange={(value) => setParams(value === 'videos' ? { tab: 'videos' } : {}, { replace: true })}
            keepMounted={false}
          >
            <Tabs.List mb="lg">
              <Tabs.Tab
                value="images"
                leftSection={<IconPhoto size={16} aria-hidden />}
                rightSection={<TabCount count={imageCount} />}
              >
                Images
              </Tabs.Tab>
              <Tabs.Tab
                value="videos"
                leftSection={<IconMovie size={16} aria-hidden />}
                rightSection={<TabCount count={videos.data && String(videos.data.totalVideos)} />}
              >
                Vidéos
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="images">
              <ImagesTab gallery={gallery} />
            </Tabs.Panel>
            <Tabs.Panel value="videos">
              <VideosTab videos={videos} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Container>
    </>
  );
}
