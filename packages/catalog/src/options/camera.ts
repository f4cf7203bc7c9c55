import { defineOptions } from '../option';

/** Framing, angle and lens; prompts complete "Camera: …". */
export const CAMERA_OPTIONS = defineOptions('camera', [
  // Shot size
  ['extreme-close-up', 'Très gros plan', 'extreme close-up filling the frame with the eyes and face details'],
  ['close-up', 'Gros plan', 'close-up shot of the face'],
  ['medium-close-up', 'Plan rapproché', 'medium close-up from the chest up'],
  ['medium-shot', 'Plan moyen', 'medium shot from the waist up'],
  ['american-shot', 'Plan américain', 'American shot framed from mid-thigh up'],
  ['full-body', 'Plan en pied', 'full-body shot showing the subject from head to toe'],
  ['wide-shot', 'Plan large', 'wide shot showing the subject within the surroundings'],
  ['extreme-wide-shot', 'Plan très large', 'extreme wide shot with a small subject in a vast landscape'],
  // Angle
  ['eye-level', 'Hauteur des yeux', 'eye-level shot for a natural perspective'],
  ['low-angle', 'Contre-plongée', 'low-angle shot looking up at the subject, making it look powerful'],
  ['high-angle', 'Plongée', 'high-angle shot looking down on the subject'],
  ['worms-eye', 'Vue de fourmi', "extreme worm's-eye view from the ground looking straight up"],
  ['birds-eye', "Vue d'oiseau", "bird's-eye view from directly above"],
  ['drone-view', 'Vue de drone', 'aerial drone view from high above'],
  ['dutch-angle', 'Angle hollandais', 'tilted Dutch angle for tension'],
  ['over-the-shoulder', "Par-dessus l'épaule", 'over-the-shoulder shot'],
  ['pov', 'Point de vue subjectif', 'first-person point-of-view shot'],
  ['profile', 'Profil', 'side profile view'],
  ['three-quarter', 'Trois-quarts', 'three-quarter view of the face'],
  ['front-view', 'Vue de face', 'straight-on frontal view'],
  ['back-view', 'Vue de dos', 'view from behind the subject'],
  ['top-down', 'Vue de dessus', 'flat-lay top-down view'],
  // Lens and optics
  ['portrait-lens', 'Objectif portrait', '85mm portrait lens with flattering compression'],
  ['wide-angle', 'Grand angle', '24mm wide-angle lens with expansive perspective'],
  ['fisheye', 'Fisheye', 'fisheye lens with strong barrel distortion'],
  ['telephoto', 'Téléobjectif', 'telephoto lens with compressed background'],
  ['macro', 'Macro', 'macro lens revealing tiny details'],
  ['tilt-shift', 'Tilt-shift', 'tilt-shift lens making the scene look like a miniature'],
  ['anamorphic', 'Anamorphique', 'anamorphic lens with oval bokeh and horizontal flares'],
  ['bokeh', 'Bokeh', 'wide aperture with creamy bokeh background'],
  ['deep-focus', 'Grande profondeur de champ', 'deep focus with everything sharp from front to back'],
  ['soft-focus', 'Flou artistique', 'dreamy soft-focus lens glow'],
  // Motion and technique
  ['motion-blur', 'Flou de mouvement', 'motion blur conveying speed'],
  ['panning-shot', 'Filé', 'panning shot with a sharp subject and streaked background'],
  ['long-exposure', 'Pose longue', 'long exposure with light trails'],
  ['freeze-motion', 'Mouvement figé', 'high-speed shot freezing motion mid-air'],
  // Composition
  ['symmetrical', 'Composition symétrique', 'perfectly symmetrical centred composition'],
  ['rule-of-thirds', 'Règle des tiers', 'rule-of-thirds composition'],
  ['panoramic', 'Vue panoramique', 'sweeping panoramic view'],
  ['selfie', 'Selfie', "selfie angle taken at arm's length"],
  ['action-cam', 'Caméra embarquée', 'action camera view with a wide lens'],
  ['security-cam', 'Caméra de surveillance', 'grainy security camera view from a high corner'],
]);
