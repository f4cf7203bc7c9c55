import { Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '../../components/FallbackImage';
import { fileNameOf } from '../../lib/media';
import { trpc } from '../../lib/trpc';

const CATEGORIES = ['Tous', 'Portraits', 'Art', 'Fantastique', 'Cyberpunk', 'Nature'] as const;

// The server's generated art (welcome scenes and default models), named by file so each caption
// matches its picture whatever order the lists come in.
const TILES = [
  { file: 'model-camille.jpg', title: 'Portrait lumineux', category: 'Portraits' },
  { file: 'welcome-ville.jpg', title: 'Ville de nuit', category: 'Cyberpunk' },
  { file: 'welcome-aurore.jpg', title: 'Aurore boréale', category: 'Fantastique' },
  { file: 'model-amina.jpg', title: 'Couleurs franches', category: 'Art' },
  { file: 'welcome-foret.jpg', title: 'Forêt au matin', category: 'Nature' },
  { file: 'model-malik.jpg', title: 'Regard serein', category: 'Portraits' },
] as const;

function useArtUrls(): string[] | undefined {
  const scenes = trpc.media.welcomeImages.useQuery();
  const models = trpc.media.defaults.useQuery();
  if (!scenes.data || !models.data) return undefined;
  return [...scenes.data.images, ...models.data.defaultModels];
}

export function ShowcaseSection({ ref }: { ref: Ref<HTMLElement> }) {
  const art = useArtUrls();
  return (
    <section ref={ref} id="showcase" className="home-section">
      <Stack gap="lg">
        <div>
          <Title order={2} fz={{ base: 26, sm: 32 }}>
            Galerie d'inspiration
          </Title>
          <Text c="dimmed">Portraits, paysages, univers fantastiques : un aperçu de ce que vous pouvez créer.</Text>
        </div>
        {/* Decorative: the showcase is not filtered. */}
        <Group gap="xs" role="list" aria-label="Catégories">
          {CATEGORIES.map((category, index) => (
            <Badge
              key={category}
              role="listitem"
              size="lg"
              radius="xl"
              variant={index === 0 ? 'filled' : 'default'}
              tt="none"
              fw={500}
            >
              {category}
            </Badge>
          ))}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
          {TILES.map((tile) => {
            const src = art?.find((url) => fileNameOf(url) === tile.file);
            return (
              <div key={tile.file} className="showcase-tile" data-testid="showcase-tile">
                {src ? (
                  <FallbackImage src={src} alt={tile.title} className="showcase-tile__image" />
                ) : (
                  <Skeleton className="showcase-tile__image" radius={0} animate={!art} />
                )}
                <div className="showcase-tile__caption">
                  <Text fw={700} fz={{ base: 'sm', sm: 'md' }} c="white" truncate="end">
                    {tile.title}
                  </Text>
                  <Text fz="xs" c="rgba(255,255,255,0.8)">
                    {tile.category}
                  </Text>
                </div>
              </div>
            );
          })}
        </SimpleGrid>
        <Group justify="center">
          <Button
            component={Link}
            to="/transform"
            size="md"
            radius="xl"
            leftSection={<IconWand size={18} aria-hidden />}
          >
            Créer votre œuvre
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
