import { ImageViewer } from '../../components/MediaViewer';
import { ActionGroupDialog } from './ActionGroupDialog';
import { StylesPicker } from './CategoryOptions';
import { LoginModal } from './LoginModal';
import { ColorPaletteSheet } from './parts/ColorPalette';
import { CompareOverlay } from './parts/CompareOverlay';
import { ElementColorSheet } from './parts/ElementColors';
import { GallerySheet } from './parts/GallerySheet';
import { MessageDialog } from '../../components/MessageDialog';
import { SideBySideModal } from './parts/SideBySideModal';
import { VideoPlayerModal } from './parts/VideoPlayer';
import { WelcomeDialog } from './parts/WelcomeDialog';
import { StudioSheet } from './StudioSheet';
import { StudioThumbnails } from './StudioThumbnails';
import type { Studio } from './useStudio';

/** Every dialog, sheet and full-screen view of the studio; the same for both layouts. */
export function StudioOverlays({ studio }: { studio: Studio }) {
  const { state, dispatch, overlay, closeOverlay, comparison } = studio;
  const is = (kind: NonNullable<typeof overlay>['kind']) => overlay?.kind === kind;
  return (
    <>
      <LoginModal opened={is('login')} onClose={closeOverlay} onSignIn={() => void studio.goSignIn()} />
      <MessageDialog message={studio.message} onClose={studio.closeMessage} />
      <WelcomeDialog />
      <CompareOverlay
        opened={is('compare') && comparison !== null}
        before={comparison?.before ?? ''}
        after={comparison?.after ?? ''}
        onClose={closeOverlay}
      />
      <SideBySideModal
        opened={is('sideBySide') && comparison !== null}
        before={comparison?.before ?? ''}
        after={comparison?.after ?? ''}
        onClose={closeOverlay}
        onUse={studio.pickImage}
      />
      <ImageViewer
        image={overlay?.kind === 'viewer' ? { src: overlay.url, title: 'Image' } : null}
        onClose={closeOverlay}
      />
      <GallerySheet
        opened={is('gallery')}
        onClose={closeOverlay}
        onPick={studio.pickImage}
        onFile={(file, origin) => void studio.addFile(file, origin)}
        userId={studio.user?.id}
      />
      <StylesPicker
        opened={is('styles')}
        onClose={closeOverlay}
        selection={state.selection}
        onToggle={studio.toggleOption}
        onlyHere={studio.onlyHere}
        onOnlyHereChange={studio.setOnlyHere}
      />
      <ActionGroupDialog
        groupId={overlay?.kind === 'group' ? overlay.groupId : null}
        selectedId={state.selection.action?.id}
        onClose={closeOverlay}
        // On phones the group replaced the category sheet: backing up returns to it.
        onBack={studio.layout === 'mobile' ? () => studio.openOverlay({ kind: 'options' }) : closeOverlay}
        onPick={(option) => {
          // A sub-option replaces whatever action was chosen; picking the chosen one again deselects it.
          studio.toggleOption('action', option);
          closeOverlay();
        }}
      />
      <ColorPaletteSheet
        opened={state.colorBarVisible}
        onClose={() => dispatch({ type: 'showColorBar', visible: false })}
        value={state.colors.global}
        onChange={(color) => dispatch({ type: 'setGlobalColor', color })}
        title="Couleur globale"
      />
      {overlay?.kind === 'elementColor' && (
        <ElementColorSheet
          opened
          onClose={closeOverlay}
          category={overlay.category}
          option={overlay.option}
          colors={state.colors}
          onChange={(colors) => dispatch({ type: 'setColors', colors })}
        />
      )}
      <VideoPlayerModal url={studio.videoUrl} onClose={studio.closeVideo} />
      <StudioSheet opened={is('thumbnails')} onClose={closeOverlay} title="Images de la session" size="xl">
        <StudioThumbnails studio={studio} variant="grid" />
      </StudioSheet>
    </>
  );
}
