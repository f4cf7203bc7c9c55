import { Loader, Progress } from '@mantine/core';
import { useEffect, useState } from 'react';
import { describeJob } from '../../../lib/jobs';
import { useEditorActions } from '../editor-context';
import { GENERATION_PHASES, phaseAt } from '../model/animation';

/**
 * Over a node while its request runs: a spinner, 'Génération en cours...' and the animation's
 * phase until the server reports on the renders, then the furthest one's stage and percentage
 * (what is really happening replaces the animation's guess, and fits the node).
 */
export function GeneratingOverlay() {
  const { renders } = useEditorActions();
  const furthest = renders.reduce<(typeof renders)[number] | null>(
    (best, job) => (best && best.progress >= job.progress ? best : job),
    null,
  );
  const [startedAt] = useState(() => Date.now());
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((Date.now() - startedAt) / 1000), 250);
    return () => clearInterval(timer);
  }, [startedAt]);
  const phase = phaseAt(seconds, true);
  const label = GENERATION_PHASES.find((candidate) => candidate.name === phase)?.label;
  return (
    <div className="workflow-generating" role="status" data-phase={phase}>
      <Loader size="sm" color="violet" />
      <span>Génération en cours...</span>
      {label && !furthest && (
        <span style={{ fontWeight: 500, fontSize: 11, color: 'var(--mantine-color-dimmed)' }} aria-hidden>
          {label}
        </span>
      )}
      {furthest && (
        <>
          <span style={{ fontSize: 11 }} data-testid="render-progress">
            {renders.length > 1 ? `${renders.length} rendus · ` : ''}
            {describeJob(furthest)}
          </span>
          <Progress
            value={furthest.progress}
            w="70%"
            size="xs"
            color="violet"
            radius="xl"
            aria-label="Progression du rendu"
          />
        </>
      )}
    </div>
  );
}
