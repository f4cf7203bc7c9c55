import { CLOUD_ONLY_LABEL, STOCK_TILES_ONLY, type CatalogOption, type CategoryId } from '@atelier/catalog';
import { Badge, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronRight } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useCloudOnly } from '../../lib/engine';
import { usePreviewSlot } from '../../lib/preview-slots';
import { thumbnailUrl } from '../../lib/media';
import { useIsPhone } from './layout';
import { useOptionSample } from './option-sample';

interface OptionTileProps {
  category: CategoryId;
  option: CatalogOption;
  selected: boolean;
  onClick: () => void;
  /** The tile opens a dialog (special actions) rather than selecting. */
  opensDialog?: boolean;
}

/**
 * One option: its preview on the member's photo (else on the stock portrait; the name stands in
 * for a preview that fails), its name, whether it is chosen, and whether only the cloud engine
 * renders it (said here and by RUN).
 */
export function OptionTile({ category, option, selected, onClick, opensDialog = false }: OptionTileProps) {
  const sample = useOptionSample();
  const cloudOnly = useCloudOnly()(category, option.id) && !opensDialog;
  const note = cloudOnly ? CLOUD_ONLY_LABEL : null;
  const stock = thumbnailUrl(option.thumbnail);
  // What the local engine cannot draw has no preview of the member's photo to show; what it can
  // waits for the member's photo rather than flashing the stock portrait first.
  const ownPreview = !cloudOnly && !STOCK_TILES_ONLY.includes(category);
  const waiting = sample.pending && ownPreview;
  const sources = [...(ownPreview ? [sample.tileUrl(option.thumbnail)] : []), stock].filter((url) => url !== null);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const src = sources.find((url) => !failed.has(url));
  // Previews load a few at a time, so an upload or a generation never waits behind them.
  const slot = usePreviewSlot(waiting ? undefined : src);
  return (
    <UnstyledButton
      className="studio-option"
      data-selected={selected || undefined}
      aria-pressed={opensDialog ? undefined : selected}
      data-cloud-only={cloudOnly || undefined}
      {...(note ? { 'data-refused': true, 'aria-description': note, title: note } : undefined)}
      onClick={onClick}
    >
      <div className="studio-option-thumb">
        {waiting ? null : src === undefined ? (
          <Text className="studio-option-fallback" fz="xs" fw={700} aria-hidden>
            {option.name}
          </Text>
        ) : slot.src === undefined ? null : (
          <img
            src={slot.src}
            alt=""
            decoding="async"
            onLoad={slot.settled}
            onError={() => {
              slot.settled();
              setFailed((current) => new Set(current).add(src));
            }}
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
      {note && (
        // Said to screen readers by the button's description, so the option keeps its name.
        <Text className="studio-option-note" fz={10} c="dimmed" lineClamp={2} aria-hidden>
          {note}
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
