import {
  getActionGroup,
  getCategory,
  getOptions,
  QUICK_STYLES,
  type CatalogOption,
  type CategoryId,
  type Selection,
} from '@atelier/catalog';
import { Button, Stack, Text } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
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

/** The options of one category: quick styles for the style category, every option elsewhere. */
export function CategoryOptions({
  category,
  selection,
  onToggle,
  onOpenGroup,
  onOpenStyles,
}: OptionHandlers & { category: CategoryId }) {
  const chosenId = selection[category]?.id;
  if (category === 'style') {
    const chosenOutsideQuick = getOptions('style').find(
      (option) => option.id === chosenId && !QUICK_STYLES.includes(option),
    );
    return (
      <Stack gap="sm">
        <Text fz="xs" fw={700} tt="uppercase" c="dimmed">
          Styles rapides
        </Text>
        <OptionTiles>
          {[...(chosenOutsideQuick ? [chosenOutsideQuick] : []), ...QUICK_STYLES].map((option) => (
            <OptionTile
              key={option.id}
              option={option}
              selected={option.id === chosenId}
              category="style"
              onClick={() => onToggle('style', option)}
            />
          ))}
        </OptionTiles>
        <Button variant="light" leftSection={<IconPalette size={16} aria-hidden />} onClick={onOpenStyles}>
          Tous les styles artistiques ({getOptions('style').length})
        </Button>
      </Stack>
    );
  }
  return (
    <OptionTiles>
      {getOptions(category).map((option) => {
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
    </OptionTiles>
  );
}

/** The 'artistic styles picker': every style of the catalogue. */
export function StylesPicker({
  opened,
  onClose,
  selection,
  onToggle,
}: { opened: boolean; onClose: () => void } & Pick<OptionHandlers, 'selection' | 'onToggle'>) {
  const chosenId = selection.style?.id;
  return (
    <StudioSheet opened={opened} onClose={onClose} title="Styles artistiques" size="xl">
      <OptionTiles>
        {getOptions('style').map((option) => (
          <OptionTile
            key={option.id}
            option={option}
            selected={option.id === chosenId}
            category="style"
            onClick={() => {
              onToggle('style', option);
              onClose();
            }}
          />
        ))}
      </OptionTiles>
    </StudioSheet>
  );
}

/** The French name of a category, for titles. */
export const categoryName = (category: CategoryId) => getCategory(category)?.name ?? category;
