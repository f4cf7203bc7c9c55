import { IMAGE_COST } from '@atelier/catalog';
import { Badge, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBolt } from '@tabler/icons-react';
import { CompareSlider } from '../../components/CompareSlider';
import { GALLERY_POINTS, SAMPLE_TRANSFORMATIONS } from './content';
import {
  afterPicture,
  beforePicture,
  CHARACTERS,
  COMPARISON_EXAMPLES,
  portraitPicture,
  resultPicture,
  sampleImage,
  type CharacterSample,
  type SamplePicture,
  type SampleTransformation,
} from './samples';
import { CheckList } from './CheckList';
import { LandingSection } from './Section';

const CHARACTER_SIZES = '(min-width: 62em) 130px, (min-width: 36em) 22vw, 45vw';

function Thumbnail({ picture, alt, label }: { picture: SamplePicture; alt: string; label: string }) {
  const image = sampleImage(picture);
  return (
    <Box pos="relative">
      <img {...image} sizes={CHARACTER_SIZES} alt={alt} loading="lazy" decoding="async" className="landing-thumb" />
      <Badge size="xs" variant="filled" color="dark" pos="absolute" bottom={6} left={6} style={{ opacity: 0.9 }}>
        {label}
      </Badge>
    </Box>
  );
}

const previewExample = COMPARISON_EXAMPLES.find((example) => example.id === 'estampe') ?? COMPARISON_EXAMPLES[0]!;
const PREVIEW_CATEGORIES = ['Style', 'Qui', 'Où'];
const PREVIEW_OPTIONS = ['Aquarelle', 'Cyberpunk', 'Art déco', 'Pop art'];

/** A drawing of the studio (categories, options, result, price), so visitors see the tool before signing up. */
function InterfacePreview() {
  const result = sampleImage(afterPicture(previewExample));
  return (
    <Box
      className="landing-preview"
      role="img"
      aria-label="Aperçu du studio Atelier : catégories, options de style, résultat et bouton Transformer"
    >
      <Group gap={6} px="md" py={10} style={{ borderBottom: '1px solid var(--landing-border)' }}>
        {['#ff5f57', '#febc2e', '#28c840'].map((color) => (
          <span key={color} className="landing-preview-dot" style={{ background: color }} />
        ))}
        <Text fz="xs" ml="sm" className="landing-muted">
          Studio Atelier
        </Text>
      </Group>
      <SimpleGrid cols={2} spacing={0}>
        <Stack gap="sm" p="md">
          <Group gap={6}>
            {PREVIEW_CATEGORIES.map((category) => (
              <span key={category} className="landing-preview-chip" data-active={category === 'Style' || undefined}>
                {category}
              </span>
            ))}
          </Group>
          <SimpleGrid cols={2} spacing={6}>
            {PREVIEW_OPTIONS.map((option) => (
              <span
                key={option}
                className="landing-preview-option"
                data-active={option === previewExample.title || undefined}
              >
                {option}
              </span>
            ))}
          </SimpleGrid>
          <Text fz="xs" className="landing-muted" mt="auto">
            {IMAGE_COST} crédits · solde 450
          </Text>
          <span className="landing-preview-button">Transformer</span>
        </Stack>
        <Box p="md" pl={0}>
          <img
            {...result}
            sizes="(min-width: 62em) 260px, 45vw"
            alt=""
            loading="lazy"
            decoding="async"
            style={{ width: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-md)', display: 'block' }}
          />
        </Box>
      </SimpleGrid>
    </Box>
  );
}

export function SampleResultsSection() {
  return (
    <LandingSection
      id="samples"
      eyebrow="Exemples"
      title="Avant, après : jugez par vous-même"
      intro="Six transformations faites par le moteur local d'Atelier sur de vraies photos du domaine public ou sous licence CC0 (NASA, scikit-image). Faites glisser le curseur pour comparer."
      tinted
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'xl', md: 'lg' }}>
        {COMPARISON_EXAMPLES.map((example) => {
          const before = sampleImage(beforePicture(example));
          const after = sampleImage(afterPicture(example));
          return (
            <Stack
              key={example.id}
              gap={8}
              component="article"
              aria-labelledby={`sample-${example.id}`}
              data-testid="sample-result"
            >
              <CompareSlider
                before={{ ...before, alt: `${example.title} : image originale` }}
                after={{ ...after, alt: `${example.title} : image transformée` }}
                width={before.width}
                height={before.height}
                sizes="(min-width: 75em) 360px, (min-width: 48em) 45vw, calc(100vw - 32px)"
                aria-label={`Comparer avant et après : ${example.title}`}
              />
              <Badge
                variant="outline"
                color="var(--landing-success)"
                leftSection={<IconBolt size={12} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                Moteur local
              </Badge>
              <Title order={3} fz="lg" id={`sample-${example.id}`}>
                {example.title}
              </Title>
              <Text fz="sm" className="landing-muted">
                {example.description}
              </Text>
            </Stack>
          );
        })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40} mt={{ base: 56, sm: 80 }} style={{ alignItems: 'center' }}>
        <Stack gap="md">
          <Title order={3} fz={{ base: 24, sm: 30 }}>
            L'interface, telle que vous la trouverez
          </Title>
          <Text className="landing-muted">
            Des catégories claires, une vignette par option, le prix affiché avant de lancer : vous savez toujours ce
            que vous allez obtenir, et ce que cela coûte.
          </Text>
          <Button
            component="a"
            href="/create"
            variant="default"
            radius="xl"
            size="md"
            rightSection={<IconArrowRight size={18} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            Essayer l'Interface
          </Button>
        </Stack>
        <InterfacePreview />
      </SimpleGrid>
    </LandingSection>
  );
}

function CharacterCard({ character }: { character: CharacterSample }) {
  const resultAlt = (transformation: SampleTransformation) =>
    `${character.name} : ${transformation.title.toLowerCase()}`;
  return (
    <Stack gap="sm" p="md" className="landing-card" component="article" aria-labelledby={`character-${character.id}`}>
      <div>
        <Title order={3} fz="lg" id={`character-${character.id}`}>
          {character.name}
        </Title>
        <Text fz="sm" className="landing-muted">
          {character.tagline}
        </Text>
      </div>
      <SimpleGrid cols={2} spacing={8}>
        <Thumbnail picture={portraitPicture(character)} alt={`${character.name}, photo originale`} label="Original" />
        {character.transformations.map((transformation) => (
          <Thumbnail
            key={transformation.id}
            picture={resultPicture(character, transformation)}
            alt={resultAlt(transformation)}
            label={transformation.style}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function CharacterShowcaseSection() {
  return (
    <LandingSection
      id="characters"
      eyebrow="Vraies photos"
      title="Quatre photos, douze transformations"
      intro={`${CHARACTERS.length} vraies photos (domaine public ou CC0), ${SAMPLE_TRANSFORMATIONS.length / CHARACTERS.length} transformations chacune par le moteur local d'Atelier : le même cliché devient cyanotype, chevalier ou maquette.`}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {CHARACTERS.map((character) => (
          <CharacterCard key={character.id} character={character} />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

/** Every other sample result, for a gallery-like mosaic. */
const galleryPicks = SAMPLE_TRANSFORMATIONS.filter((_, index) => index % 2 === 0);

export function GallerySection() {
  return (
    <LandingSection
      id="gallery"
      eyebrow="Galerie personnelle"
      title="Toutes vos créations, au même endroit"
      intro="Votre galerie garde chaque image avec son original, prête à être retrouvée, téléchargée ou partagée."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40} style={{ alignItems: 'center' }}>
        <Stack gap="lg">
          <CheckList items={GALLERY_POINTS} size="md" />
          <Button
            component="a"
            href="/create"
            size="lg"
            radius="xl"
            variant="gradient"
            gradient={{ from: 'violet', to: 'pink' }}
            className="landing-wrap-button"
            style={{ alignSelf: 'flex-start' }}
          >
            Créer Votre Première Transformation
          </Button>
        </Stack>
        <SimpleGrid cols={3} spacing={8} aria-label="Exemples de créations dans une galerie" role="list">
          {galleryPicks.map(({ character, transformation }) => (
            <div role="listitem" key={`${character.id}-${transformation.id}`}>
              <Thumbnail
                picture={resultPicture(character, transformation)}
                alt={`${transformation.title}, création de ${character.name}`}
                label={transformation.style}
              />
            </div>
          ))}
        </SimpleGrid>
      </SimpleGrid>
    </LandingSection>
  );
}
