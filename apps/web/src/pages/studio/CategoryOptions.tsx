import {
  getActionGroup,
  getCategory,
  getOptions,
  QUICK_STYLES,
  type CatalogOption,
  type CategoryId,
  type Selection,
} from '@atelier/catalog';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconCloud, IconPalette } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCloudOnly, useConfiguredEngine } from '../../lib/engine';
import { OptionTile, OptionTiles } from './OptionTile';
import { StudioSheet } from './StudioSheet';

export interface OptionHandlers {
  selection: Selection;
  /** Select an option, or deselect it when it is already the category's choice. */
  onToggle: (category: CategoryId, option: CatalogOption) => void;
  /** A special action was tapped: its dialog opens instead. */
  onOpenGroup: (groupId: string) => void;
  /** The full list of artistic styles. */
  onOpenStyles: () => void;
  /** With the local engine: whether only the options it renders show (« Disponibles ici »). */
  onlyHere: boolean;
  onOnlyHereChange: (onlyHere: boolean) => void;
}

/** Whether the action choice is one of a special action's options (the group's tile then shows as chosen). */
function groupHoldsChoice(groupId: string, chosenId: string | undefined): boolean {
  const group = getActionGroup(groupId);
  return (
    chosenId !== undefined &&
    (chosenId === groupId ||
      (group?.subcategories.some((sub) => sub.options.some((option) => option.id === chosenId)) ?? false))
  );
}

/**
 * With the local engine, the options it renders first: « Disponibles ici » is on in each category,
 * and the cloud engine's own options are one click away, marked on their tiles.
 */
function useAvailableHere({
  onlyHere,
  onOnlyHereChange: setOnlyHere,
}: Pick<OptionHandlers, 'onlyHere' | 'onOnlyHereChange'>) {
  const local = useConfiguredEngine() === 'local';
  const cloudOnly = useCloudOnly();
  return {
    shows: (category: CategoryId, options: readonly CatalogOption[]) =>
      local && onlyHere ? options.filter((option) => !cloudOnly(category, option.id)) : options,
    /** The switch, above the tiles it filters, and what to do when it leaves none. */
    frame: (category: CategoryId, options: readonly CatalogOption[], tiles: ReactNode) => {
      if (!local) return tiles;
      const hidden = options.filter((option) => cloudOnly(category, option.id)).length;
      if (hidden === 0) return tiles;
      const shown = options.length - hidden;
      return (
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Switch
              size="sm"
              label="Disponibles ici"
              checked={onlyHere}
              onChange={(event) => setOnlyHere(event.currentTarget.checked)}
            />
            <Text fz="xs" c="dimmed">
              {hidden} avec le moteur cloud
            </Text>
          </Group>
          {onlyHere && shown === 0 ? (
            <Stack gap="xs" align="flex-start">
              <Text fz="sm" c="dimmed">
                Ce service rend ses photos avec le moteur local : les options de cette catégorie demandent le moteur
                cloud.
              </Text>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconCloud size={14} aria-hidden />}
                onClick={() => setOnlyHere(false)}
              >
                Voir les options du moteur cloud
              </Button>
            </Stack>
          ) : (
            tiles
          )}
        </Stack>
      );
    },
  };
}

/** Style tiles, the chosen one marked: the quick styles and the full picker. */
function StyleTiles({
  styles,
  chosenId,
  onPick,
}: {
  styles: readonly CatalogOption[];
  chosenId: string | undefined;
  onPick: (option: CatalogOption) => void;
}) {
  return (
    <OptionTiles>
      {styles.map((option) => (
        <OptionTile
          key={option.id}
          option={option}
          selected={option.id === chosenId}
          category="style"
          onClick={() => onPick(option)}
        />
      ))}
    </OptionTiles>
  );
}

/** The options of one category: quick styles for the style category, every option elsewhere. */
export function CategoryOptions({
  category,
  selection,
  onToggle,
  onOpenGroup,
  onOpenStyles,
  ...filter
}: OptionHandlers & { category: CategoryId }) {
  const chosenId = selection[category]?.id;
  const available = useAvailableHere(filter);
  if (category === 'style') {
    const chosenOutsideQuick = getOptions('style').find(
      (option) => option.id === chosenId && !QUICK_STYLES.includes(option),
    );
    const quick = [...(chosenOutsideQuick ? [chosenOutsideQuick] : []), ...QUICK_STYLES];
    return (
      <Stack gap="sm">
        <Text fz="xs" fw={700} tt="uppercase" c="dimmed">
          Styles rapides
        </Text>
        {available.frame(
          'style',
          quick,
          <StyleTiles
            styles={available.shows('style', quick)}
            chosenId={chosenId}
            onPick={(option) => onToggle('style', option)}
          />,
        )}
        <Button variant="light" leftSection={<IconPalette size={16} aria-hidden />} onClick={onOpenStyles}>
          Tous les styles artistiques ({getOptions('style').length})
        </Button>
      </Stack>
    );
  }
  const options = getOptions(category);
  return available.frame(
    category,
    options,
    <OptionTiles>
      {available.shows(category, options).map((option) => {
        const group = category === 'action' ? getActionGroup(option.id) : undefined;
        return group ? (
          <OptionTile
            key={option.id}
            category={category}
            option={option}
            opensDialog
            selected={groupHoldsChoice(group.id, chosenId)}
            onClick={() => onOpenGroup(group.id)}
          />
        ) : (
          <OptionTile
            key={option.id}
            option={option}
            selected={option.id === chosenId}
            category={category}
            onClick={() => onToggle(category, option)}
          />
        );
      })}
    </OptionTiles>,
  );
}

/** The 'artistic styles picker': every style of the catalogue. */
export function StylesPicker({
  opened,
  onClose,
  selection,
  onToggle,
  ...filter
}: { opened: boolean; onClose: () => void } & Pick<
  OptionHandlers,
  'selection' | 'onToggle' | 'onlyHere' | 'onOnlyHereChange'
>) {
  const chosenId = selection.style?.id;
  const available = useAvailableHere(filter);
  const styles = getOptions('style');
  return (
    <StudioSheet opened={opened} onClose={onClose} title="Styles artistiques" size="xl">
      {available.frame(
        'style',
        styles,
        <StyleTiles
          styles={available.shows('style', styles)}
          chosenId={chosenId}
          onPick={(option) => {
            onToggle('style', option);
            onClose();
          }}
        />,
      )}
    </StudioSheet>
  );
}

/** The French name of a category, for titles. */
export const categoryName = (category: CategoryId) => getCategory(category)?.name ?? category;
