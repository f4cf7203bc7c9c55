import { IMAGE_COST } from '@atelier/catalog';
import { formatCredits } from '../../lib/format';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconDownload,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
  IconLibraryPhoto,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { AppHeader } from '../../components/AppHeader';
import { CategoryGrid } from './CategoryGrid';
import { categoryName, CategoryOptions } from './CategoryOptions';
import {
  AiModeToggle,
  CreditsBadge,
  EngineNote,
  GenerationModeSwitch,
  PresetNote,
  ResultActions,
  RunButton,
  StudioChips,
  StudioStage,
  useFilePicker,
} from './StudioControls';
import { StudioOverlays } from './StudioOverlays';
import { StudioThumbnails, thumbsOf } from './StudioThumbnails';
import type { Studio } from './useStudio';

/** The desktop studio: header, the picture with its controls and results, and the options panel beside it. */
export function DesktopStudio({ studio }: { studio: Studio }) {
  const { state, dispatch, palette } = studio;
  const picker = useFilePicker(studio);
  const [panelOpen, setPanelOpen] = useState(true);
  const category = state.activeCategory ?? 'style';
  // Shown once there is more than the picture in the frame to choose from: results, other sources, the gallery.
  const hasThumbnails = thumbsOf(studio).length > 1;

  return (
    <div
      className="studio studio-desktop"
      style={{ background: palette.background }}
      data-testid="studio"
      data-layout="desktop"
    >
      <AppHeader>
        <Button
          variant="light"
          radius="xl"
          size="sm"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={picker.open}
        >
          Importer
        </Button>
        <Tooltip label="Télécharger l'image">
          <ActionIcon variant="light" radius="xl" size={36} aria-label="Télécharger l'image" onClick={studio.download}>
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Galerie">
          <ActionIcon
            variant="light"
            radius="xl"
            size={36}
            aria-label="Galerie"
            onClick={() => studio.openOverlay({ kind: 'gallery' })}
          >
            <IconLibraryPhoto size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <CreditsBadge studio={studio} />
        {picker.input}
      </AppHeader>

      <main className="studio-desktop-main">
        <section className="studio-desktop-work" style={{ color: palette.textColor }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <AiModeToggle studio={studio} />
              <GenerationModeSwitch studio={studio} size="sm" />
            </Group>
            <Tooltip label={panelOpen ? 'Masquer les options' : 'Afficher les options'}>
              <ActionIcon
                variant="white"
                color="dark"
                radius="xl"
                size={36}
                aria-label={panelOpen ? 'Masquer les options' : 'Afficher les options'}
                onClick={() => setPanelOpen(!panelOpen)}
              >
                {panelOpen ? (
                  <IconLayoutSidebarRightCollapse size={18} aria-hidden />
                ) : (
                  <IconLayoutSidebarRightExpand size={18} aria-hidden />
                )}
              </ActionIcon>
            </Tooltip>
          </Group>

          <div className="studio-desktop-stage">
            <StudioStage studio={studio} />
          </div>

          <Group justify="space-between" wrap="nowrap" gap="sm" className="studio-desktop-runbar">
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <ResultActions studio={studio} />
              <StudioChips studio={studio} />
              <PresetNote studio={studio} />
              <EngineNote />
              {state.aiMode === 'manual' && Object.keys(state.selection).length === 0 && (
                <Text fz="sm" fw={500} className="studio-hint">
                  Choisissez des options dans le panneau, puis lancez RUN ({formatCredits(studio.price ?? IMAGE_COST)}{' '}
                  crédits).
                </Text>
              )}
            </Stack>
            <RunButton studio={studio} />
          </Group>

          {hasThumbnails && (
            <StudioThumbnails studio={studio} variant="strip">
              <Button
                variant="white"
                color="dark"
                size="compact-sm"
                radius="xl"
                onClick={() => studio.openOverlay({ kind: 'thumbnails' })}
              >
                Tout voir
              </Button>
            </StudioThumbnails>
          )}
        </section>

        {panelOpen && (
          <aside className="studio-panel" aria-label="Options de transformation">
            <CategoryGrid
              selection={state.selection}
              active={category}
              onOpen={(next) => dispatch({ type: 'openCategory', category: next })}
            />
            <Text fw={800} fz="lg" mt="md" mb="xs">
              {categoryName(category)}
            </Text>
            {/* Keyed by category: another category starts at the top of its list. */}
            <div key={category} className="studio-panel-options">
              <CategoryOptions
                category={category}
                selection={state.selection}
                onToggle={studio.toggleOption}
                onOpenGroup={(groupId) => studio.openOverlay({ kind: 'group', groupId })}
                onOpenStyles={() => studio.openOverlay({ kind: 'styles' })}
                onlyHere={studio.onlyHere}
                onOnlyHereChange={studio.setOnlyHere}
              />
            </div>
          </aside>
        )}
      </main>
      <StudioOverlays studio={studio} />
    </div>
  );
}
