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

const view = (rotateDegrees: number, tilt: -1 | 0 | 1, forward = 0): CameraRoute => ({
  step: 'viewpoint',
  move: { rotateDegrees, tilt, forward },
});
const OPTICS: CameraRoute = { step: 'optics' };

export const CAMERA_ROUTES: Readonly<Record<string, CameraRoute>> = {
  // Shot sizes that move the camera in; wider shots need a scene the photo does not hold, which the editor draws.
  'extreme-close-up': view(0, 0, 9),
  'close-up': view(0, 0, 6),
  'medium-close-up': view(0, 0, 3),
  // Angles
  'low-angle': view(0, 1),
  'worms-eye': view(0, 1, 2),
  'high-angle': view(0, -1),
  'birds-eye': view(0, -1, 2),
  'top-down': view(0, -1),
  'drone-view': view(0, -1),
  profile: view(90, 0),
  'three-quarter': view(45, 0),
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
