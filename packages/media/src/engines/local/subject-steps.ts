import type { ColorChoices } from '@atelier/catalog';
import type { SubjectAnalysis } from '../../models';
import {
  miniature,
  reproject,
  securityCamera,
  shotWindow,
  softGlow,
  streakBackground,
  thirdsWindow,
  throwBackgroundOutOfFocus,
  type CameraMove,
} from './camera';
import { formatWindow, frameWindow } from './framing';
import type { Frame, Framing } from './geometry';
import { LIGHTINGS } from './lights';
import type { WorkPicture } from './pixels';
import { drawingContext, type Choice } from './recipes';
import { lightFor, relight } from './relight';

/** What the steps decide on: the picture's frame, the chosen options and the camera's move. */
export interface SubjectWork {
  header: Frame;
  choices: readonly Choice[];
  colors: ColorChoices;
  move: CameraMove | undefined;
  /** The shape a format or a sized enlargement gives the picture, cut around the faces. */
  framing: Framing | undefined;
}

/** What a step reads of the person: their matte (separating them from the background), their faces. */
export interface SubjectNeeds {
  matte: boolean;
  faces: boolean;
}

/** A step's work on the picture; `analysis` is there whenever the step needs something of the person. */
export type StepRun = (image: WorkPicture, analysis: SubjectAnalysis | null) => Promise<WorkPicture>;

export interface SubjectStep {
  name: string;
  needs: SubjectNeeds;
  /** Its work for this selection, or nothing when the selection does not ask for it. */
  runFor: (work: SubjectWork) => StepRun | undefined;
}

const MATTE: SubjectNeeds = { matte: true, faces: false };
const FACES: SubjectNeeds = { matte: false, faces: true };
const NOTHING: SubjectNeeds = { matte: false, faces: false };

type MoveOf<Kind extends CameraMove['kind']> = Extract<CameraMove, { kind: Kind }>;

/** A step of the camera moves of these kinds. */
function onMove<Kind extends CameraMove['kind']>(
  kinds: readonly Kind[],
  run: (move: MoveOf<Kind>, work: SubjectWork) => StepRun,
): SubjectStep['runFor'] {
  return (work) => {
    const { move } = work;
    return move && (kinds as readonly string[]).includes(move.kind) ? run(move as MoveOf<Kind>, work) : undefined;
  };
}

/** The window's shape: the format's when there is one, else the picture's own. */
const aspectOf = ({ framing, header }: SubjectWork) => framing?.aspect ?? header.width / header.height;

/** The camera moves that choose the frame themselves, in the format's shape when there is one. */
const WINDOW_MOVES: ReadonlySet<CameraMove['kind']> = new Set(['shot', 'thirds', 'aspect-crop']);

/**
 * The work done on the picture itself before the looks, in this order: the person relit by the
 * named light; the background thrown out of focus or streaked, or a miniature's band of focus; the
 * frame cut around the faces (a shot, a composition on a third, a cinema frame, or a format's
 * shape); then a lens or perspective, a soft lens's glow or a security camera's look.
 */
export const SUBJECT_STEPS: readonly SubjectStep[] = [
  {
    name: 'light',
    needs: MATTE,
    runFor: ({ choices, colors }) => {
      const lighting = choices.find(({ category }) => category === 'lighting');
      const light = lighting && LIGHTINGS[lighting.option.id];
      if (!lighting || !light) return undefined;
      const { dice, colours } = drawingContext(lighting, colors);
      return (image, analysis) => relight(image, analysis, lightFor(light, dice, colours));
    },
  },
  {
    name: 'bokeh',
    needs: MATTE,
    runFor: onMove(['bokeh'], () => (image, analysis) => throwBackgroundOutOfFocus(image, analysis)),
  },
  {
    name: 'streak',
    needs: MATTE,
    runFor: onMove(['streak'], (move) => (image, analysis) => streakBackground(image, analysis, move)),
  },
  {
    name: 'miniature',
    needs: FACES,
    runFor: onMove(['tilt-shift'], () => (image, analysis) => miniature(image, analysis)),
  },
  {
    name: 'shot',
    needs: FACES,
    runFor: onMove(
      ['shot'],
      (move, work) => (image, analysis) =>
        frameWindow(image, work.header, shotWindow(work.header, aspectOf(work), move.faceHeights, analysis)),
    ),
  },
  {
    name: 'thirds',
    needs: FACES,
    runFor: onMove(
      ['thirds'],
      (_move, work) => (image, analysis) =>
        frameWindow(image, work.header, thirdsWindow(work.header, aspectOf(work), analysis)),
    ),
  },
  {
    name: 'cinema frame',
    needs: FACES,
    runFor: onMove(['aspect-crop'], (move, work) => (image, analysis) => {
      const shape = work.framing ? aspectOf(work) : move.aspect;
      return frameWindow(image, work.header, formatWindow(work.header, shape, analysis?.faces ?? []));
    }),
  },
  {
    name: 'format',
    needs: FACES,
    runFor: (work) => {
      if (!work.framing || (work.move && WINDOW_MOVES.has(work.move.kind))) return undefined;
      // Without a face, the render's own centred crop gives the format's shape.
      return async (image, analysis) =>
        analysis?.faces.length
          ? frameWindow(image, work.header, formatWindow(work.header, aspectOf(work), analysis.faces))
          : image;
    },
  },
  {
    name: 'lens',
    needs: NOTHING,
    runFor: onMove(['perspective', 'fisheye'], (move) => (image) => reproject(image, move)),
  },
  { name: 'glow', needs: NOTHING, runFor: onMove(['glow'], () => (image) => softGlow(image)) },
  {
    name: 'security camera',
    needs: NOTHING,
    runFor: onMove(['security-camera'], () => (image) => securityCamera(image)),
  },
];

/** A step as a selection takes it: its name and its work. */
export interface PlannedStep {
  name: string;
  run: StepRun;
}

/** The steps a selection takes, in order, and what they need of the person between them. */
export function subjectPlan(work: SubjectWork): { steps: PlannedStep[]; needs: SubjectNeeds } {
  const planned = SUBJECT_STEPS.flatMap(({ name, needs, runFor }) => {
    const run = runFor(work);
    return run ? [{ name, needs, run }] : [];
  });
  return {
    steps: planned.map(({ name, run }) => ({ name, run })),
    needs: {
      matte: planned.some(({ needs }) => needs.matte),
      faces: planned.some(({ needs }) => needs.faces),
    },
  };
}
