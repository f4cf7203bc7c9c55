import { Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { GENERATION_PHASES, phaseAt } from '../model/animation';

/** Over a node while its request runs: a spinner, 'Génération en cours...' and the animation's phase. */
export function GeneratingOverlay() {
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
      {label && (
        <span style={{ fontWeight: 500, fontSize: 11, color: 'var(--mantine-color-dimmed)' }} aria-hidden>
          {label}
        </span>
      )}
    </div>
  );
}
