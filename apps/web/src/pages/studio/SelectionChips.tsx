import { getColor, type CategoryId, type ColorChoices, type SelectedOption, type Selection } from '@atelier/catalog';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconColorSwatch, IconPalette, IconX } from '@tabler/icons-react';
import { selectedEntries } from './state';

interface SelectionChipsProps {
  selection: Selection;
  colors: ColorChoices;
  onRemove: (category: CategoryId, option: SelectedOption) => void;
  /** Opens the colours of one option (whole element and its parts). */
  onEditColor: (category: CategoryId, option: SelectedOption) => void;
  /** Opens the global palette. */
  onGlobalColor: () => void;
}

function Swatch({ colorId }: { colorId: string | undefined }) {
  const color = colorId === undefined ? undefined : getColor(colorId);
  return color ? <span className="studio-chip-swatch" style={{ background: color.hex }} title={color.name} /> : null;
}

/** The chosen options as chips, each with its add/edit-colour button, and the global colour. */
export function SelectionChips({ selection, colors, onRemove, onEditColor, onGlobalColor }: SelectionChipsProps) {
  const entries = selectedEntries(selection);
  const globalColor = colors.global === undefined ? undefined : getColor(colors.global);
  return (
    <Group gap={6} wrap="nowrap" className="studio-chips" data-testid="selection-chips">
      {entries.map(([category, option]) => {
        const colored =
          colors.elements?.[category]?.[option.id] !== undefined ||
          Object.keys(colors.components?.[category]?.[option.id] ?? {}).length > 0;
        return (
          <Group key={category} gap={2} wrap="nowrap" className="studio-chip" data-testid="selection-chip">
            <Swatch colorId={colors.elements?.[category]?.[option.id]} />
            <Text fz="xs" fw={600} truncate maw={140}>
              {option.name}
            </Text>
            <Tooltip label={colored ? 'Modifier la couleur' : 'Ajouter une couleur'}>
              <ActionIcon
                size="sm"
                variant="subtle"
                radius="xl"
                aria-label={`Couleur de ${option.name}`}
                onClick={() => onEditColor(category, option)}
              >
                <IconColorSwatch size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              radius="xl"
              aria-label={`Retirer ${option.name}`}
              onClick={() => onRemove(category, option)}
            >
              <IconX size={12} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {entries.length > 0 && (
        <Group gap={4} wrap="nowrap" className="studio-chip" data-global>
          <Swatch colorId={colors.global} />
          <Text fz="xs" fw={600}>
            {globalColor ? globalColor.name : 'Couleur'}
          </Text>
          <ActionIcon size="sm" variant="subtle" radius="xl" aria-label="Couleur globale" onClick={onGlobalColor}>
            <IconPalette size={14} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}
