import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { CHARACTERS, resultPicture, sampleImage } from '../landing/samples';

/**
 * Six of the landing's samples: real photographs (public domain or CC0) as the local engine
 * transforms them, rendered at build time. Drawn art would show what no user's photo becomes.
 */
const TILES = (
  [
    ['eileen', 'pointillisme'],
    ['chelsea', 'pop-art'],
    ['cafe', 'vitrail'],
    ['fusee', 'synthwave'],
    ['eileen', 'cyanotype'],
    ['cafe', 'lune'],
  ] as const
).flatMap(([characterId, transformationId]) => {
  const character = CHARACTERS.find(({ id }) => id === characterId);
  const transformation = character?.transformations.find(({ id }) => id === transformationId);
  return character && transformation ? [{ character, transformation }] : [];
});

const CATEGORIES = ['Tous', 'Portraits', 'Art', 'Fantastique', 'Cyberpunk', 'Nature'] as const;

const TILE_SIZES = '(min-width: 48em) 30vw, 50vw';

export function ShowcaseSection({ ref }: { ref: Ref<HTMLElement> }) {
  return (
    <section ref={ref} id="showcase" className="home-section">
      <Stack gap="lg">
        <div>
          <Title order={2} fz={{ base: 26, sm: 32 }}>
            Galerie d'inspiration
          </Title>
          <Text c="dimmed">
            De vraies photos, transformées par le moteur local d'Atelier : voici ce qu'il fait d'un portrait, d'un chat,
            d'une tasse et d'une fusée.
          </Text>
        </div>
        {/* Decorative, as the spec has it: the showcase is not filtered. */}
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
          {TILES.map(({ character, transformation }) => (
            <div key={`${character.id}-${transformation.id}`} className="showcase-tile" data-testid="showcase-tile">
              <img
                {...sampleImage(resultPicture(character, transformation))}
                sizes={TILE_SIZES}
                alt={`${character.name} : ${transformation.title}`}
                loading="lazy"
                decoding="async"
                className="showcase-tile__image"
              />
              <div className="showcase-tile__caption">
                <Text fw={700} fz={{ base: 'sm', sm: 'md' }} c="white" truncate="end">
                  {transformation.title}
                </Text>
                <Text fz="xs" c="rgba(255,255,255,0.8)">
                  {transformation.style} · {character.tagline}
                </Text>
              </div>
            </div>
          ))}
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
