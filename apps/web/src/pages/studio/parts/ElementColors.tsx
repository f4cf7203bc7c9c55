import { ActionIcon, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  componentsFor,
  getCategory,
  getColor,
  type CategoryId,
  type ColorChoices,
  type SelectedOption,
} from '@atelier/catalog';
import { IconArrowLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { StudioSheet } from '../StudioSheet';
import { withComponentColor, withElementColor } from './color-choices';
import { ColorGrid } from './ColorPalette';
import './parts.css';

interface ElementColorSheetProps {
  opened: boolean;
  onClose: () => void;
  category: CategoryId;
  option: SelectedOption;
  colors: ColorChoices;
  onChange: (next: ColorChoices) => void;
}

/** What is being coloured: the whole option, or one of its parts (a component id). */
type Target = { kind: 'element' } | { kind: 'component'; id: string; name: string };

function ColorRow({
  label,
  hint,
  colorId,
  onOpen,
}: {
  label: string;
  hint: string;
  colorId: string | undefined;
  onOpen: () => void;
}) {
  const color = colorId ? getColor(colorId) : undefined;
  return (
    <UnstyledButton className="studio-color-row" onClick={onOpen} aria-label={`Couleur : ${label}`}>
      <Box
        className="studio-color-dot"
        style={color ? { background: color.hex } : undefined}
        data-empty={!color || undefined}
      />
      <Box miw={0} style={{ flex: 1 }}>
        <Text fw={600} fz="sm" truncate>
          {label}
        </Text>
        <Text fz="xs" c="dimmed" truncate>
          {color ? color.name : hint}
        </Text>
      </Box>
      <IconChevronRight size={18} color="var(--mantine-color-dimmed)" aria-hidden />
    </UnstyledButton>
  );
}

/**
 * Colours of one chosen option: for the whole element, and for each of its parts (a suit's jacket,
 * shirt, tie...). A row opens the palette in the same sheet; picking returns to the list.
 */
export function ElementColorSheet({ opened, onClose, category, option, colors, onChange }: ElementColorSheetProps) {
  const [target, setTarget] = useState<Target | null>(null);
  const elementColor = colors.elements?.[category]?.[option.id];
  const componentColors = colors.components?.[category]?.[option.id] ?? {};
  const categoryName = getCategory(category)?.name ?? category;

  const close = () => {
    setTarget(null);
    onClose();
  };
  const pick = (colorId: string | undefined) => {
    if (!target) return;
    onChange(
      target.kind === 'element'
        ? withElementColor(colors, category, option.id, colorId)
        : withComponentColor(colors, category, option.id, target.id, colorId),
    );
    setTarget(null);
  };

  return (
    <StudioSheet opened={opened} onClose={close} title={`Couleurs · ${option.name}`} size="lg">
      {target ? (
        <ColorGrid
          value={target.kind === 'element' ? elementColor : componentColors[target.id]}
          onChange={pick}
          header={
            <Group gap={6} wrap="nowrap" miw={0}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Retour aux éléments"
                onClick={() => setTarget(null)}
              >
                <IconArrowLeft size={18} aria-hidden />
              </ActionIcon>
              <Text fw={600} fz="sm" truncate>
                {target.kind === 'element' ? `${option.name} (entier)` : target.name}
              </Text>
            </Group>
          }
        />
      ) : (
        <Stack gap={6}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            {categoryName} · élément entier
          </Text>
          <ColorRow
            label={option.name}
            hint="Couleur de tout l'élément"
            colorId={elementColor}
            onOpen={() => setTarget({ kind: 'element' })}
          />
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700} mt="sm">
            Composants
          </Text>
          {componentsFor(category, option).map((component) => (
            <ColorRow
              key={component.id}
              label={component.name}
              hint="Couleur par défaut"
              colorId={componentColors[component.id]}
              onOpen={() => setTarget({ kind: 'component', id: component.id, name: component.name })}
            />
          ))}
        </Stack>
      )}
    </StudioSheet>
  );
}
