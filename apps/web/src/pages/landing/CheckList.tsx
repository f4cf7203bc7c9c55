import { List, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/** The room between points and the size of their tick, per size of list. */
const SIZES = {
  xs: { badge: 20, tick: 12 },
  sm: { badge: 22, tick: 13 },
  md: { badge: 24, tick: 14 },
} as const;

interface CheckListProps {
  items: readonly string[];
  size: keyof typeof SIZES;
  /** Fills the height left in its column, so the buttons below line up across cards. */
  grow?: boolean;
}

/** Points that each say something included, each with a tick. */
export function CheckList({ items, size, grow = false }: CheckListProps) {
  const { badge, tick } = SIZES[size];
  return (
    <List spacing={size} listStyleType="none" p={0} m={0} style={grow ? { flexGrow: 1 } : undefined}>
      {items.map((item) => (
        <List.Item
          key={item}
          icon={
            <ThemeIcon size={badge} radius="xl" color="teal" variant="light">
              <IconCheck size={tick} aria-hidden />
            </ThemeIcon>
          }
        >
          {item}
        </List.Item>
      ))}
    </List>
  );
}
