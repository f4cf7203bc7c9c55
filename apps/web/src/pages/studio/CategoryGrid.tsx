import { CATEGORIES, type CategoryId, type Selection } from '@atelier/catalog';
import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import {
  IconBadgeHd,
  IconBulb,
  IconCamera,
  IconCrop,
  IconMountain,
  IconPalette,
  IconRun,
  IconShirt,
  IconUser,
  type Icon,
} from '@tabler/icons-react';

/** The catalogue names Tabler icons by key; these are the components for them. */
const ICONS: Readonly<Record<string, Icon>> = {
  palette: IconPalette,
  user: IconUser,
  run: IconRun,
  mountain: IconMountain,
  shirt: IconShirt,
  bulb: IconBulb,
  camera: IconCamera,
  crop: IconCrop,
  hd: IconBadgeHd,
};

interface CategoryGridProps {
  selection: Selection;
  active: CategoryId | null;
  onOpen: (category: CategoryId) => void;
}

/** The nine categories in three columns, each with its icon and the option chosen in it. */
export function CategoryGrid({ selection, active, onOpen }: CategoryGridProps) {
  return (
    <SimpleGrid cols={3} spacing={8} verticalSpacing={8} role="group" aria-label="Catégories">
      {CATEGORIES.map((category) => {
        const CategoryIcon = ICONS[category.icon] ?? IconPalette;
        const chosen = selection[category.id];
        return (
          <UnstyledButton
            key={category.id}
            className="studio-category"
            data-active={active === category.id || undefined}
            data-chosen={chosen ? true : undefined}
            onClick={() => onOpen(category.id)}
            aria-label={chosen ? `${category.name} : ${chosen.name}` : category.name}
          >
            <CategoryIcon size={22} stroke={1.7} aria-hidden />
            <Text fz="sm" fw={700} lh={1.1}>
              {category.name}
            </Text>
            <Text fz={10} lh={1.1} className="studio-category-choice" truncate aria-hidden>
              {chosen?.name ?? ' '}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
