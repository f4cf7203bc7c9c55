import { ActionIcon, Box, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconHeart, IconHeartFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FallbackImage } from './FallbackImage';

interface ImageCardProps {
  src: string;
  fallbackSrc?: string | null;
  title: string;
  subtitle?: string;
  /** In selection mode a tap on the picture (or its checkbox) selects it instead of opening it. */
  selecting: boolean;
  selected: boolean;
  onToggleSelected: () => void;
  onView: () => void;
  onDownload: () => void;
  /** Further buttons after the download one. */
  actions?: ReactNode;
  /** The heart in the picture's corner, for the owner's own images. */
  favorite?: { isFavorite: boolean; busy: boolean; onToggle: () => void };
}

/**
 * How wide a card is in the grids that show them (2 columns on phones, 3 on tablets, 4 in the
 * `lg` container): what the picture's small version is picked by.
 */
const CARD_SIZES = '(max-width: 48em) 50vw, (max-width: 62em) 33vw, 270px';

/** One picture of a gallery or library grid: square preview, caption, 'Voir' and download. */
export function ImageCard({
  src,
  fallbackSrc,
  title,
  subtitle,
  selecting,
  selected,
  onToggleSelected,
  onView,
  onDownload,
  actions,
  favorite,
}: ImageCardProps) {
  return (
    <Card
      withBorder
      radius="lg"
      p={0}
      data-testid="image-card"
      style={selected ? { outline: '3px solid var(--mantine-primary-color-filled)', outlineOffset: -2 } : undefined}
    >
      <Box
        pos="relative"
        style={{ aspectRatio: '1', overflow: 'hidden', cursor: 'pointer' }}
        onClick={selecting ? onToggleSelected : onView}
      >
        <FallbackImage
          src={src}
          fallbackSrc={fallbackSrc}
          alt={title}
          previewSizes={CARD_SIZES}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
        {selecting && (
          // The picture's own click already toggles: the checkbox must not toggle a second time.
          <Box pos="absolute" top={8} left={8} onClick={(event) => event.stopPropagation()}>
            <Checkbox
              size="md"
              radius="xl"
              checked={selected}
              onChange={onToggleSelected}
              aria-label={`Sélectionner ${title}`}
            />
          </Box>
        )}
        {favorite && !selecting && (
          <ActionIcon
            className="image-card-favorite"
            pos="absolute"
            top={6}
            right={6}
            radius="xl"
            size={32}
            variant="white"
            color={favorite.isFavorite ? 'red' : 'dark'}
            aria-label="Favori"
            aria-pressed={favorite.isFavorite}
            title={favorite.isFavorite ? 'Retirer des favoris' : 'Ajouter aux favoris'}
            loading={favorite.busy}
            onClick={(event) => {
              event.stopPropagation();
              favorite.onToggle();
            }}
          >
            {favorite.isFavorite ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
          </ActionIcon>
        )}
      </Box>
      <Stack gap={6} p="xs">
        <Box miw={0}>
          <Text fw={600} fz="sm" truncate="end" title={title}>
            {title}
          </Text>
          {subtitle && (
            <Text c="dimmed" fz="xs" truncate="end">
              {subtitle}
            </Text>
          )}
        </Box>
        <Group gap={6} wrap="nowrap" className="image-card-actions">
          <Button size="compact-sm" variant="light" leftSection={<IconEye size={14} aria-hidden />} onClick={onView}>
            Voir
          </Button>
          <ActionIcon variant="default" size={26} aria-label="Télécharger l'image" onClick={onDownload}>
            <IconDownload size={15} aria-hidden />
          </ActionIcon>
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}
