import { Anchor, Badge, Button, Group, SegmentedControl, Switch, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowsLeftRight,
  IconCoins,
  IconColumns2,
  IconMaximize,
  IconPhoto,
  IconRepeat,
  IconSparkles,
  IconVideo,
  IconWand,
} from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { LOCAL_ENGINE_NOTICE, LOCAL_ENGINE_SUMMARY, engineLabel, useConfiguredEngine } from '../../lib/engine';
import { formatCredits } from '../../lib/format';
import { describeJob, useJobPace } from '../../lib/jobs';
import { useIsPhone } from './layout';
import { ImageStage } from './parts/ImageStage';
import { SelectionChips } from './SelectionChips';
import type { Studio } from './useStudio';

/** RUN: a spinner while pending, disabled without a picture or (manual image mode) without an option. */
export function RunButton({ studio }: { studio: Studio }) {
  const video = studio.state.generationMode === 'video';
  return (
    <Button
      size="md"
      radius="xl"
      variant="gradient"
      gradient={{ from: 'violet', to: 'pink' }}
      loading={studio.busy}
      disabled={!studio.canRun}
      leftSection={video ? <IconVideo size={18} aria-hidden /> : <IconSparkles size={18} aria-hidden />}
      onClick={() => void studio.run()}
      className="studio-run"
      data-testid="studio-run"
    >
      RUN
      {studio.price !== null && <span className="studio-run-price">&nbsp;· {formatCredits(studio.price)} crédits</span>}
    </Button>
  );
}

/** Image or video generation. */
export function GenerationModeSwitch({ studio, size = 'xs' }: { studio: Studio; size?: 'xs' | 'sm' }) {
  return (
    <SegmentedControl
      size={size}
      radius="xl"
      aria-label="Type de génération"
      value={studio.state.generationMode}
      onChange={(mode) => studio.dispatch({ type: 'setGenerationMode', mode: mode })}
      data={[
        {
          value: 'image',
          label: (
            <Group gap={4} wrap="nowrap">
              <IconPhoto size={14} aria-hidden />
              Image
            </Group>
          ),
        },
        {
          value: 'video',
          label: (
            <Group gap={4} wrap="nowrap">
              <IconVideo size={14} aria-hidden />
              Vidéo
            </Group>
          ),
        },
      ]}
    />
  );
}

/**
 * Manual choice of options (off), or a preset the studio picks from the picture's colours and
 * orientation (on): a rule, not a model, so it is not called AI.
 */
export function AiModeToggle({ studio }: { studio: Studio }) {
  return (
    <Switch
      className="studio-ai-toggle"
      size="sm"
      color="violet"
      label="Auto"
      checked={studio.state.aiMode === 'auto'}
      onChange={(event) =>
        studio.dispatch({ type: 'setAiMode', mode: event.currentTarget.checked ? 'auto' : 'manual' })
      }
      thumbIcon={
        studio.state.aiMode === 'auto' ? (
          <IconWand size={10} color="var(--mantine-color-violet-6)" aria-hidden />
        ) : undefined
      }
    />
  );
}

/** The main frame, wired to the studio: files dropped on it, the veil while generating, its view buttons. */
export function StudioStage({ studio, children }: { studio: Studio; children?: ReactNode }) {
  const pace = useJobPace(studio.progress);
  const sent = studio.uploadProgress === null ? null : Math.round(studio.uploadProgress * 100);
  return (
    <ImageStage
      src={studio.state.currentImage}
      alt="Image à transformer"
      onFile={(file) => void studio.addFile(file, 'upload')}
      onError={studio.imageFailed}
      loading={studio.busy}
      loadingLabel={
        sent !== null
          ? `Envoi de la photo · ${sent} %`
          : studio.progress && pace
            ? describeJob({ ...studio.progress, progress: pace.progress })
            : studio.state.generationMode === 'video'
              ? 'Génération de la vidéo...'
              : 'Transformation en cours...'
      }
      loadingProgress={
        sent !== null
          ? { value: sent, label: "Progression de l'envoi" }
          : studio.progress?.status === 'running' && pace
            ? { value: pace.progress, label: 'Progression de la génération' }
            : null
      }
      loadingDetail={pace?.remaining ?? null}
      onCancel={studio.progress ? () => void studio.cancel() : undefined}
      overlay={
        <>
          <div className="studio-stage-top-left">
            <StageActions studio={studio} />
          </div>
          {children}
        </>
      }
    />
  );
}

/** The chosen options' chips, wired to the colour sheets. */
export function StudioChips({ studio }: { studio: Studio }) {
  const { state, dispatch } = studio;
  return (
    <SelectionChips
      selection={state.selection}
      colors={state.colors}
      onRemove={studio.toggleOption}
      onEditColor={(category, option) => studio.openOverlay({ kind: 'elementColor', category, option })}
      onGlobalColor={() => dispatch({ type: 'showColorBar', visible: true })}
    />
  );
}

/** The balance, linking to the credits tab of the account (0 for a visitor). */
export function CreditsBadge({ studio }: { studio: Studio }) {
  const phone = useIsPhone();
  return (
    <Badge
      component={Link}
      to="/account?tab=credits"
      size={phone ? 'md' : 'lg'}
      radius="xl"
      variant="white"
      color="violet"
      leftSection={<IconCoins size={14} aria-hidden />}
      style={{ cursor: 'pointer', textTransform: 'none' }}
      aria-label={`Crédits : ${formatCredits(studio.credits)}`}
      data-testid="studio-credits"
    >
      {formatCredits(studio.credits)}
    </Badge>
  );
}

/** Over the frame, in its corner: the picture full screen. Everything else stays off the picture. */
function StageActions({ studio }: { studio: Studio }) {
  const image = studio.state.currentImage;
  if (!image) return null;
  return (
    <Tooltip label="Plein écran">
      <Button
        size="compact-sm"
        radius="xl"
        variant="white"
        color="dark"
        aria-label="Plein écran"
        onClick={() => studio.openOverlay({ kind: 'viewer', url: image })}
      >
        <IconMaximize size={14} aria-hidden />
      </Button>
    </Tooltip>
  );
}

/**
 * Under a result, never over it (it would hide the subject's head): the before/after views and the
 * engine that made it, then start again from the picture it was made from (the next RUN would
 * otherwise transform the result), and take its options again. One row, scrolled sideways on phones.
 */
export function ResultActions({ studio }: { studio: Studio }) {
  const phone = useIsPhone();
  const { result, comparison } = studio;
  if (!result && !comparison) return null;
  const button = {
    size: phone ? 'sm' : 'compact-sm',
    radius: 'xl',
    variant: 'white',
    color: 'dark',
    className: 'studio-result-action',
  } as const;
  const engine = engineLabel(comparison?.engine, comparison?.models);
  const choices = result?.choices;
  return (
    <Group gap={6} wrap="nowrap" className="studio-result-actions" data-testid="result-actions">
      {comparison && (
        <>
          <Button
            {...button}
            leftSection={<IconArrowsLeftRight size={14} aria-hidden />}
            onClick={() => studio.openOverlay({ kind: 'compare' })}
          >
            Avant / après
          </Button>
          <Tooltip label="Côte à côte">
            <Button {...button} aria-label="Côte à côte" onClick={() => studio.openOverlay({ kind: 'sideBySide' })}>
              <IconColumns2 size={14} aria-hidden />
            </Button>
          </Tooltip>
        </>
      )}
      {result && (
        <Button
          {...button}
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          onClick={() => studio.pickImage(result.before)}
        >
          Repartir de l'original
        </Button>
      )}
      {choices && (
        <Button
          {...button}
          leftSection={<IconRepeat size={14} aria-hidden />}
          onClick={() => studio.dispatch({ type: 'restoreChoices', choices })}
        >
          Mêmes réglages
        </Button>
      )}
      {engine && (
        <Badge
          size="lg"
          radius="xl"
          variant="white"
          color="dark"
          tt="none"
          className="studio-result-engine"
          data-testid="result-engine"
        >
          {engine}
        </Badge>
      )}
    </Group>
  );
}

/**
 * With the local engine, what it cannot do, before the user spends credits: one line, and the
 * whole notice on demand (in full it pushed the phone's categories below the fold).
 */
export function EngineNote() {
  const engine = useConfiguredEngine();
  const [open, setOpen] = useState(false);
  if (engine !== 'local') return null;
  return (
    <Text fz="xs" className="studio-engine-note" data-testid="engine-note">
      {open ? LOCAL_ENGINE_NOTICE : LOCAL_ENGINE_SUMMARY}{' '}
      <Anchor component="button" type="button" fz="xs" fw={700} onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Réduire' : 'En savoir plus'}
      </Anchor>
    </Text>
  );
}

/** The automatic mode's last preset, named so the user knows what was applied. */
export function PresetNote({ studio }: { studio: Studio }) {
  if (studio.state.aiMode !== 'auto') return null;
  return (
    <Text fz="xs" fw={600} className="studio-preset-note" data-testid="preset-note">
      {studio.appliedPreset
        ? `Préréglage auto : ${studio.appliedPreset.title}`
        : "Auto : un préréglage choisi d'après les couleurs et l'orientation de votre image sera appliqué."}
    </Text>
  );
}

/** A hidden file input and the function that opens it (upload button of the bars). */
export function useFilePicker(studio: Studio) {
  const input = useRef<HTMLInputElement>(null);
  const element = (
    <HiddenFileInput
      ref={input}
      onFile={(file) => void studio.addFile(file, 'upload')}
      data-testid="studio-upload-input"
    />
  );
  return { input: element, open: () => input.current?.click() };
}
