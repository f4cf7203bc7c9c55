import { forEachOption, mergeOptionInstructions, type CategoryInstruction } from '../instructions';
import { defineOptions } from '../option';

/** Framing, angle and lens, by group; each group's fragments complete its lead in CAMERA_INSTRUCTION. */
const SHOT_SIZES = defineOptions('camera', [
  ['extreme-close-up', 'Très gros plan', 'an extreme close-up filling the frame with the eyes and face details'],
  ['close-up', 'Gros plan', 'a close-up shot of the face'],
  ['medium-close-up', 'Plan rapproché', 'a medium close-up from the chest up'],
  ['medium-shot', 'Plan moyen', 'a medium shot from the waist up'],
  ['american-shot', 'Plan américain', 'an American shot framed from mid-thigh up'],
  ['full-body', 'Plan en pied', 'a full-body shot showing the subject from head to toe'],
  ['wide-shot', 'Plan large', 'a wide shot showing the subject within the surroundings'],
  ['extreme-wide-shot', 'Plan très large', 'an extreme wide shot with a small subject in a vast landscape'],
]);

const ANGLES = defineOptions('camera', [
  ['eye-level', 'Hauteur des yeux', 'an eye-level shot for a natural perspective'],
  ['low-angle', 'Contre-plongée', 'a low-angle shot looking up at the subject, making it look powerful'],
  ['high-angle', 'Plongée', 'a high-angle shot looking down on the subject'],
  ['worms-eye', 'Vue de fourmi', "an extreme worm's-eye view from the ground looking straight up"],
  ['birds-eye', "Vue d'oiseau", "a bird's-eye view from directly above"],
  ['drone-view', 'Vue de drone', 'an aerial drone view from high above'],
  ['dutch-angle', 'Angle hollandais', 'a tilted Dutch angle for tension'],
  ['over-the-shoulder', "Par-dessus l'épaule", 'an over-the-shoulder shot'],
  ['pov', 'Point de vue subjectif', 'a first-person point-of-view shot'],
  ['profile', 'Profil', 'a side profile view'],
  ['three-quarter', 'Trois-quarts', 'a three-quarter view of the face'],
  ['front-view', 'Vue de face', 'a straight-on frontal view'],
  ['back-view', 'Vue de dos', 'a view from behind the subject'],
  ['top-down', 'Vue de dessus', 'a flat-lay top-down view'],
]);

const LENSES_AND_MOTION = defineOptions('camera', [
  // Lens and optics
  ['portrait-lens', 'Objectif portrait', 'an 85mm portrait lens with flattering compression'],
  ['wide-angle', 'Grand angle', 'a 24mm wide-angle lens with expansive perspective'],
  ['fisheye', 'Fisheye', 'a fisheye lens with strong barrel distortion'],
  ['telephoto', 'Téléobjectif', 'a telephoto lens with compressed background'],
  ['macro', 'Macro', 'a macro lens revealing tiny details'],
  ['tilt-shift', 'Tilt-shift', 'a tilt-shift lens making the scene look like a miniature'],
  ['anamorphic', 'Anamorphique', 'an anamorphic lens with oval bokeh and horizontal flares'],
  ['bokeh', 'Bokeh', 'a wide aperture with creamy bokeh background'],
  ['deep-focus', 'Grande profondeur de champ', 'deep focus with everything sharp from front to back'],
  ['soft-focus', 'Flou artistique', 'a dreamy soft-focus lens glow'],
  // Motion and technique
  ['motion-blur', 'Flou de mouvement', 'motion blur conveying speed'],
  ['panning-shot', 'Filé', 'a panning shot with a sharp subject and streaked background'],
  ['long-exposure', 'Pose longue', 'a long exposure with light trails'],
  ['freeze-motion', 'Mouvement figé', 'a high-speed shot freezing motion mid-air'],
]);

const COMPOSITIONS = defineOptions('camera', [
  ['symmetrical', 'Composition symétrique', 'a perfectly symmetrical centred composition'],
  ['rule-of-thirds', 'Règle des tiers', 'a rule-of-thirds composition'],
  ['panoramic', 'Vue panoramique', 'a sweeping panoramic view'],
  ['selfie', 'Selfie', "a selfie angle taken at arm's length"],
  ['action-cam', 'Caméra embarquée', 'an action camera view with a wide lens'],
  ['security-cam', 'Caméra de surveillance', 'a grainy security camera view from a high corner'],
]);

export const CAMERA_OPTIONS = [...SHOT_SIZES, ...ANGLES, ...LENSES_AND_MOTION, ...COMPOSITIONS];

/**
 * Every camera option reframes the photo, so none is told to keep the framing; a shot from behind
 * or through the person's eyes hides their face, and a selfie moves their arm.
 */
export const CAMERA_INSTRUCTION: CategoryInstruction = {
  lead: 'Reframe the photo as',
  changes: ['framing'],
  options: mergeOptionInstructions(
    forEachOption(ANGLES, { lead: 'Change the camera angle to' }),
    forEachOption(LENSES_AND_MOTION, { lead: 'Retake the photo with' }),
    forEachOption(COMPOSITIONS, { lead: 'Recompose the photo as' }),
    {
      pov: { alsoChanges: ['face', 'pose'] },
      'back-view': { alsoChanges: ['face'] },
      selfie: { alsoChanges: ['pose'] },
    },
  ),
};
