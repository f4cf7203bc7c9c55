import type { CameraMove, EnhanceModel } from './models';

/**
 * How the cloud engine carries out the options that are not words for an instruction editor,
 * by option id. A camera option not listed here is said in the edit's instruction.
 */
export type CameraRoute =
  /** A real change of viewpoint: the multi-angle model turns the camera. */
  | { step: 'viewpoint'; move: CameraMove }
  /** A lens or shutter effect on the finished picture, by the local pipeline. */
  | { step: 'optics' };

const view = ({ rotateDegrees = 0, tilt = 0, forward = 0, wideAngle = false }: Partial<CameraMove>): CameraRoute => ({
  step: 'viewpoint',
  move: { rotateDegrees, tilt, forward, wideAngle },
});
const OPTICS: CameraRoute = { step: 'optics' };

/**
 * Each viewpoint gives the multi-angle model a directive of its own (see CameraMove). The shots
 * it has no distinct directive for go to the editor, which reads their words: the extreme close-up
 * (its close-up is the close-up's), the moderate low and high angles and the flat lay (its tilts
 * are the worm's-eye and bird's-eye views only), and every view it cannot orbit to, from behind.
 */
export const CAMERA_ROUTES: Readonly<Record<string, CameraRoute>> = {
  // Shot sizes that move the camera in; wider shots need a scene the photo does not hold, which the editor draws.
  'close-up': view({ forward: 6 }),
  'medium-close-up': view({ forward: 3 }),
  // Angles and lens
  'worms-eye': view({ tilt: 1 }),
  'birds-eye': view({ tilt: -1 }),
  // A drone looks down from high above through a wide lens.
  'drone-view': view({ tilt: -1, wideAngle: true }),
  profile: view({ rotateDegrees: 90 }),
  'three-quarter': view({ rotateDegrees: 45 }),
  'wide-angle': view({ wideAngle: true }),
  // Optics and shutter: the same picture, through another lens.
  bokeh: OPTICS,
  'tilt-shift': OPTICS,
  fisheye: OPTICS,
  'motion-blur': OPTICS,
  'panning-shot': OPTICS,
  'long-exposure': OPTICS,
  'soft-focus': OPTICS,
};

/** Topaz's model for the subject an upscale option names, and whether faces are restored; Standard V2 otherwise. */
export interface UpscaleRoute {
  enhance?: EnhanceModel;
  faces?: boolean;
}

export const UPSCALE_ROUTES: Readonly<Record<string, UpscaleRoute>> = {
  'portrait-enhance': { faces: true, enhance: 'High Fidelity V2' },
  'face-restore': { faces: true },
  'skin-smooth': { faces: true },
  'old-photo-restore': { faces: true, enhance: 'Low Resolution V2' },
  'night-photo': { enhance: 'Low Resolution V2' },
  denoise: { enhance: 'Low Resolution V2' },
  'film-grain-preserve': { enhance: 'High Fidelity V2' },
  'detail-boost': { enhance: 'High Fidelity V2' },
  'max-quality': { enhance: 'High Fidelity V2', faces: true },
  'anime-upscale': { enhance: 'CGI' },
  'text-and-logos': { enhance: 'Text Refine' },
};

/** The French name of each step, shown with the job's progress ("Arrière-plan… 2/3"). */
export const STEP_LABELS = {
  edit: 'Retouche par l’IA',
  background: 'Arrière-plan',
  viewpoint: 'Angle de vue',
  outpaint: 'Extension du cadre',
  upscale: 'Agrandissement',
  video: 'Animation',
} as const;
