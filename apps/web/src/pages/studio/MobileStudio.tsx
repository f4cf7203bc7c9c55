import { ActionIcon, Group, Stack } from '@mantine/core';
import { IconDownload, IconHome, IconLibraryPhoto, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AccountMenu } from '../../components/AccountMenu';
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
import { StudioSheet } from './StudioSheet';
import { StudioThumbnails } from './StudioThumbnails';
import type { Studio } from './useStudio';

const barButton = { size: 36, radius: 'xl', variant: 'white', color: 'dark' } as const;

/** The phone screen: top bar, preview with RUN, strip with chips, the category grid, and sheets. */
export function MobileStudio({ studio }: { studio: Studio }) {
  const { state, dispatch, palette } = studio;
  const picker = useFilePicker(studio);
  const category = state.activeCategory;
  return (
    <div
      className="studio studio-mobile"
      style={{ background: palette.background, color: palette.textColor }}
      data-testid="studio"
      data-layout="mobile"
    >
      <Group component="header" className="studio-topbar" justify="space-between" wrap="nowrap" gap={6}>
        <Group gap={6} wrap="nowrap">
          {/* A member's menu leads everywhere, home included; a visitor keeps the way home. */}
          <AccountMenu
            visitor={
              <ActionIcon {...barButton} component={Link} to="/" aria-label="Accueil">
                <IconHome size={20} aria-hidden />
              </ActionIcon>
            }
          />
          <ActionIcon {...barButton} aria-label="Importer une image" onClick={picker.open}>
            <IconUpload size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon {...barButton} aria-label="Télécharger l'image" onClick={studio.download}>
            <IconDownload size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon {...barButton} aria-label="Galerie" onClick={() => studio.openOverlay({ kind: 'gallery' })}>
            <IconLibraryPhoto size={20} aria-hidden />
          </ActionIcon>
        </Group>
        <Group gap={6} wrap="nowrap">
          <AiModeToggle studio={studio} />
          <CreditsBadge studio={studio} />
        </Group>
        {picker.input}
      </Group>

      <main className="studio-mobile-main">
        <div className="studio-mobile-stage">
          <StudioStage studio={studio}>
            <Group className="studio-stage-bottom" justify="space-between" wrap="nowrap">
              <GenerationModeSwitch studio={studio} />
              <RunButton studio={studio} />
            </Group>
          </StudioStage>
        </div>

        <Stack gap={6} className="studio-mobile-strip">
          <StudioThumbnails studio={studio} variant="strip" />
          <ResultActions studio={studio} />
          <StudioChips studio={studio} />
          <PresetNote studio={studio} />
          <EngineNote />
        </Stack>

        <div className="studio-mobile-categories">
          <CategoryGrid
            selection={state.selection}
            active={category}
            onOpen={(next) => {
              dispatch({ type: 'openCategory', category: next });
              studio.openOverlay({ kind: 'options' });
            }}
          />
        </div>
      </main>
      <StudioSheet
        opened={studio.overlay?.kind === 'options' && category !== null}
        onClose={studio.closeOverlay}
        title={category ? categoryName(category) : ''}
      >
        {category && (
          <CategoryOptions
            category={category}
            selection={state.selection}
            onToggle={(chosenCategory, option) => {
              studio.toggleOption(chosenCategory, option);
              studio.closeOverlay();
            }}
            onOpenGroup={(groupId) => studio.openOverlay({ kind: 'group', groupId })}
            onOpenStyles={() => studio.openOverlay({ kind: 'styles' })}
            onlyHere={studio.onlyHere}
            onOnlyHereChange={studio.setOnlyHere}
          />
        )}
      </StudioSheet>
      <StudioOverlays studio={studio} />
    </div>
  );
}
