/** The generation animation's phases and how long each lasts (spec: 2 s, 3 s, 2 s, 3 s). */
export const GENERATION_PHASES = [
  { name: 'conception', label: 'Conception', seconds: 2 },
  { name: 'growth', label: 'Croissance', seconds: 3 },
  { name: 'contraction', label: 'Contraction', seconds: 2 },
  { name: 'birth', label: 'Naissance', seconds: 3 },
] as const;

type ActivePhase = (typeof GENERATION_PHASES)[number]['name'];
export type GenerationPhase = ActivePhase | 'idle';

export const GENERATION_CYCLE_SECONDS = GENERATION_PHASES.reduce((sum, phase) => sum + phase.seconds, 0);

/** Where each phase starts in one cycle, in percent: the CSS keyframes' stops. */
export function phaseStops(): { name: ActivePhase; percent: number }[] {
  let elapsed = 0;
  return GENERATION_PHASES.map((phase) => {
    const percent = (elapsed / GENERATION_CYCLE_SECONDS) * 100;
    elapsed += phase.seconds;
    return { name: phase.name, percent };
  });
}

/** The phase `seconds` after a request started; 'idle' when no request is running. */
export function phaseAt(seconds: number, running: boolean): GenerationPhase {
  if (!running) return 'idle';
  let left = seconds % GENERATION_CYCLE_SECONDS;
  for (const phase of GENERATION_PHASES) {
    if (left < phase.seconds) return phase.name;
    left -= phase.seconds;
  }
  return 'idle';
}

/** How the node looks as each phase starts: a seed, a swell, a squeeze, then a burst that fades. */
const PHASE_LOOKS: Readonly<Record<ActivePhase, string>> = {
  conception: 'transform: scale(0.97); box-shadow: 0 0 0 0 rgba(139, 92, 246, 0.2);',
  growth: 'transform: scale(0.98); box-shadow: 0 0 14px 3px rgba(139, 92, 246, 0.4);',
  contraction: 'transform: scale(1.03); box-shadow: 0 0 34px 9px rgba(139, 92, 246, 0.55);',
  birth: 'transform: scale(0.98); box-shadow: 0 0 16px 4px rgba(236, 72, 153, 0.5);',
};

/** The CSS keyframes of one cycle, with stops where the phases begin. */
export function generationKeyframes(name: string): string {
  const stops = phaseStops().map(({ name: phase, percent }) => `${percent}% { ${PHASE_LOOKS[phase]} }`);
  return `@keyframes ${name} { ${stops.join(' ')} 100% { transform: scale(1); box-shadow: 0 0 40px 14px rgba(236, 72, 153, 0); } }`;
}
