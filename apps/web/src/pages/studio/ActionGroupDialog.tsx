import { getActionGroup, getOption, type ActionGroup, type CatalogOption } from '@atelier/catalog';
import { Anchor, Breadcrumbs, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { thumbnailUrl } from '../../lib/media';
import { OptionTile, OptionTiles } from './OptionTile';
import { StudioSheet } from './StudioSheet';

interface ActionGroupDialogProps {
  /** The special action whose dialog is open (riding, sports, music, etude, dance), or null. */
  groupId: string | null;
  /** The chosen action's id, to mark it. */
  selectedId: string | undefined;
  onPick: (option: CatalogOption) => void;
  onClose: () => void;
  /** Back up from the group itself ('Quoi' in the breadcrumb, or 'Retour' at the first level): closes unless given. */
  onBack?: () => void;
}

/** A special action's own dialog: its sub-categories, then their options, with a breadcrumb to go back up. */
export function ActionGroupDialog({ groupId, selectedId, onPick, onClose, onBack = onClose }: ActionGroupDialogProps) {
  const group = groupId === null ? undefined : getActionGroup(groupId);
  return (
    <StudioSheet opened={group !== undefined} onClose={onClose} title={group?.name ?? ''} size="lg">
      {/* A new group starts at its first level. */}
      {group && <GroupLevels key={group.id} group={group} selectedId={selectedId} onPick={onPick} onBack={onBack} />}
    </StudioSheet>
  );
}

function GroupLevels({
  group,
  selectedId,
  onPick,
  onBack,
}: { group: ActionGroup; onBack: () => void } & Pick<ActionGroupDialogProps, 'selectedId' | 'onPick'>) {
  // The levels visited below the group: [] is the list of sub-categories.
  const [history, setHistory] = useState<string[]>([]);
  const subcategory = group.subcategories.find((candidate) => candidate.id === history.at(-1));
  const groupOption = getOption('action', group.id);
  const up = () => (history.length === 0 ? onBack() : setHistory(history.slice(0, -1)));

  return (
    <Stack gap="md" data-testid="action-group-dialog">
      <Group justify="space-between" wrap="nowrap">
        <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} aria-label="Fil d'Ariane">
          <Anchor component="button" type="button" fz="sm" onClick={onBack}>
            Quoi
          </Anchor>
          {subcategory ? (
            <Anchor component="button" type="button" fz="sm" onClick={() => setHistory([])}>
              {group.name}
            </Anchor>
          ) : (
            <Text fz="sm" fw={700}>
              {group.name}
            </Text>
          )}
          {subcategory && (
            <Text fz="sm" fw={700}>
              {subcategory.name}
            </Text>
          )}
        </Breadcrumbs>
        <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} aria-hidden />} onClick={up}>
          Retour
        </Button>
      </Group>

      {subcategory ? (
        <OptionTiles>
          {subcategory.options.map((option) => (
            <OptionTile
              key={option.id}
              option={option}
              selected={option.id === selectedId}
              category="action"
              onClick={() => onPick(option)}
            />
          ))}
        </OptionTiles>
      ) : (
        <>
          <Stack gap={8}>
            {group.subcategories.map((candidate) => (
              <UnstyledButton
                key={candidate.id}
                className="studio-subcategory"
                onClick={() => setHistory([...history, candidate.id])}
              >
                <div className="studio-subcategory-previews" aria-hidden>
                  {candidate.options.slice(0, 3).map((option) => (
                    // Decorative (the names are written beside them): one that fails is simply hidden.
                    <img
                      key={option.id}
                      src={thumbnailUrl(option.thumbnail)}
                      alt=""
                      loading="lazy"
                      onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
                    />
                  ))}
                </div>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={700}>{candidate.name}</Text>
                  <Text fz="xs" c="dimmed" truncate>
                    {candidate.options.map((option) => option.name).join(', ')}
                  </Text>
                </div>
                <IconChevronRight size={18} aria-hidden />
              </UnstyledButton>
            ))}
          </Stack>
          {groupOption && (
            <Button variant="light" onClick={() => onPick(groupOption)}>
              Choisir « {group.name} » sans préciser
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
