import { Box, Button, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { COLORS, getColor, luminance, type PaletteColor, type Rgb } from '@atelier/catalog';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StudioSheet } from '../StudioSheet';
import './parts.css';

const rgbOf = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

/** The tick on a chosen swatch: dark on light colours, white on dark ones. */
const tickColorOn = (hex: string) => (luminance(rgbOf(hex)) > 0.6 ? '#1a1b1e' : '#ffffff');

function Swatch({ color, selected, onPick }: { color: PaletteColor; selected: boolean; onPick: () => void }) {
  return (
    <UnstyledButton
      className="studio-swatch"
      aria-label={color.name}
      aria-pressed={selected}
      title={color.name}
      onClick={onPick}
      data-selected={selected || undefined}
    >
      <Box className="studio-swatch-color" style={{ background: color.hex }}>
        {selected && <IconCheck size={18} stroke={3} color={tickColorOn(color.hex)} aria-hidden />}
      </Box>
      <Text className="studio-swatch-name" fz={10} lh={1.2} ta="center" lineClamp={2}>
        {color.name}
      </Text>
    </UnstyledButton>
  );
}

interface ColorGridProps {
  value: string | undefined;
  /** Undefined clears the colour: a tap on the chosen swatch, or 'Aucune couleur'. */
  onChange: (colorId: string | undefined) => void;
  /** Shown left of the clear button (a back button, a caption...). */
  header?: ReactNode;
}

/** The whole palette (about 65 colours), 6 a row on phones and more on wider screens. */
export function ColorGrid({ value, onChange, header }: ColorGridProps) {
  const chosen = value ? getColor(value) : undefined;
  return (
    <>
      <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
        {header ?? (
          <Text fz="sm" c="dimmed" truncate>
            {chosen ? `Couleur choisie : ${chosen.name}` : 'Aucune couleur choisie'}
          </Text>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} aria-hidden />}
          disabled={!value}
          onClick={() => onChange(undefined)}
        >
          Aucune couleur
        </Button>
      </Group>
      <SimpleGrid
        cols={{ base: 6, sm: 8, md: 10 }}
        spacing={6}
        verticalSpacing={10}
        role="group"
        aria-label="Palette de couleurs"
        data-testid="color-grid"
      >
        {COLORS.map((color) => (
          <Swatch
            key={color.id}
            color={color}
            selected={color.id === value}
            onPick={() => onChange(color.id === value ? undefined : color.id)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

interface ColorPaletteSheetProps {
  opened: boolean;
  onClose: () => void;
  value: string | undefined;
  onChange: (colorId: string | undefined) => void;
  title?: string;
}

/** The palette in a bottom sheet on phones, a modal on wide screens. */
export function ColorPaletteSheet({
  opened,
  onClose,
  value,
  onChange,
  title = 'Choisir une couleur',
}: ColorPaletteSheetProps) {
  return (
    <StudioSheet opened={opened} onClose={onClose} title={title} size="lg">
      <ColorGrid
        value={value}
        onChange={(colorId) => {
          onChange(colorId);
          onClose();
        }}
      />
    </StudioSheet>
  );
}
