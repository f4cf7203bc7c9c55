import { CLOUD_ONLY_LABEL, type CatalogOption } from '@atelier/catalog';
import { Badge, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronRight } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { CLOUD_ONLY_MARKS } from '../../lib/engine';
import { thumbnailUrl } from '../../lib/media';
import { useIsPhone } from './layout';

interface OptionTileProps {
  option: CatalogOption;
  selected: boolean;
  onClick: () => void;
  /** The tile opens a dialog (special actions) rather than selecting. */
  opensDialog?: boolean;
  /** Only the cloud engine renders it (the configured one is local): said on the tile, and by RUN. */
  cloudOnly?: boolean;
}

/** One option: its preview (the name stands in for a preview that fails), its name, and whether it is chosen. */
export function OptionTile({ option, selected, onClick, opensDialog = false, cloudOnly = false }: OptionTileProps) {
  const [failed, setFailed] = useState(false);
  return (
    <UnstyledButton
      className="studio-option"
      data-selected={selected || undefined}
      aria-pressed={opensDialog ? undefined : selected}
      {...(cloudOnly ? CLOUD_ONLY_MARKS : undefined)}
      onClick={onClick}
    >
      <div className="studio-option-thumb">
        {failed ? (
          <Text className="studio-option-fallback" fz="xs" fw={700} aria-hidden>
            {option.name}
          </Text>
        ) : (
          <img
            src={thumbnailUrl(option.thumbnail)}
            alt=""
            loading="lazy"
            decoding="async"
            onError={() => setFailed(true)}
          />
        )}
        {selected && (
          <span className="studio-option-check" aria-hidden>
            <IconCheck size={14} />
          </span>
        )}
        {opensDialog && (
          <Badge
            className="studio-option-more"
            size="xs"
            variant="filled"
            rightSection={<IconChevronRight size={10} aria-hidden />}
            aria-hidden
          >
            Plus
          </Badge>
        )}
      </div>
      <Text className="studio-option-name" fz="xs" fw={selected ? 700 : 500} lineClamp={2}>
        {option.name}
      </Text>
      {cloudOnly && (
        // Said to screen readers by the button's description, so the option keeps its name.
        <Text className="studio-option-note" fz={10} c="dimmed" lineClamp={2} aria-hidden>
          {CLOUD_ONLY_LABEL}
        </Text>
      )}
    </UnstyledButton>
  );
}

/** Option tiles in rows: three on phones, four in the desktop panel. */
export function OptionTiles({ children }: { children: ReactNode }) {
  const phone = useIsPhone();
  return (
    <SimpleGrid cols={phone ? 3 : 4} spacing="xs" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}
