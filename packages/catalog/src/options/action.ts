import type { CategoryInstruction } from '../instructions';
import { defineOptions } from '../option';
import { ACTION_GROUPS } from './action-groups';

/** What the subject does; prompts complete ACTION_INSTRUCTION's lead. */
const EVERYDAY_ACTIONS = defineOptions('action', [
  // Movement
  ['walking', 'Marcher', 'walking confidently with a natural stride'],
  ['running', 'Courir', 'running at full speed with dynamic motion'],
  ['jumping', 'Sauter', 'jumping high in the air with arms raised in joy'],
  ['flying', 'Voler dans les airs', 'flying through the sky like a superhero, arms stretched forward'],
  ['swimming', 'Nager', 'swimming gracefully through clear water'],
  ['levitating', 'Léviter', 'levitating calmly above the ground in a meditative pose'],
  ['walking-in-rain', 'Marcher sous la pluie', 'walking in the rain holding an umbrella'],
  ['walking-the-dog', 'Promener le chien', 'walking a happy dog on a leash'],
  // Poses and expressions
  ['smiling', 'Sourire', 'smiling warmly at the camera'],
  ['laughing', 'Éclater de rire', 'laughing out loud with genuine joy'],
  ['winking', "Faire un clin d'œil", 'winking playfully at the camera'],
  ['thinking', 'Réfléchir', 'in a thoughtful pose, chin resting on one hand'],
  ['waving', 'Saluer de la main', 'waving hello with one hand raised'],
  ['pointing', 'Pointer du doigt', 'pointing forward with a determined expression'],
  ['arms-crossed', 'Bras croisés', 'standing with arms crossed and a confident expression'],
  ['hero-pose', 'Pose héroïque', 'standing in a heroic pose, fists on hips and chest out'],
  ['clapping', 'Applaudir', 'clapping enthusiastically'],
  ['sleeping', 'Dormir', 'peacefully asleep with eyes closed'],
  ['meditating', 'Méditer', 'meditating cross-legged with a serene expression'],
  // Daily life
  ['reading', 'Lire un livre', 'reading an open book, absorbed in the story'],
  ['cooking', 'Cuisiner', 'cooking at a stove, tossing ingredients in a pan'],
  ['painting-canvas', 'Peindre une toile', 'painting on a canvas at an easel with a brush and palette'],
  ['taking-selfie', 'Prendre un selfie', "taking a selfie with a smartphone held at arm's length"],
  ['taking-photo', 'Prendre une photo', 'taking a photo with a vintage camera'],
  ['drinking-coffee', 'Boire un café', 'sipping a steaming cup of coffee'],
  ['eating-ice-cream', 'Manger une glace', 'eating a colourful ice cream cone'],
  ['phoning', 'Téléphoner', 'talking on a smartphone'],
  ['working-laptop', 'Travailler sur ordinateur', 'working on a laptop with focus'],
  ['gardening', 'Jardiner', 'gardening, planting flowers with soil-covered gloves'],
  ['fishing', 'Pêcher', 'fishing with a rod by the water'],
  ['shopping', 'Faire du shopping', 'shopping, carrying several colourful shopping bags'],
  ['picnicking', 'Pique-niquer', 'having a picnic on a checked blanket'],
  ['camping', 'Camper', 'camping beside a tent, roasting marshmallows over a fire'],
  ['barbecue', 'Faire un barbecue', 'grilling food at a barbecue'],
  ['feeding-birds', 'Nourrir les oiseaux', 'feeding birds that flutter around'],
  ['stargazing', 'Regarder les étoiles', 'gazing up at a starry sky'],
  // Celebration and play
  ['partying', 'Faire la fête', 'celebrating at a party with confetti in the air'],
  ['toasting', 'Trinquer', 'raising a glass in a cheerful toast'],
  ['birthday-candles', 'Souffler des bougies', 'blowing out the candles on a birthday cake'],
  ['throwing-confetti', 'Lancer des confettis', 'throwing a handful of colourful confetti'],
  ['blowing-bubbles', 'Faire des bulles', 'blowing giant soap bubbles'],
  ['holding-balloons', 'Tenir des ballons', 'holding a bunch of floating balloons'],
  ['holding-bouquet', 'Offrir un bouquet', 'holding out a bouquet of fresh flowers'],
  ['juggling', 'Jongler', 'juggling several balls in the air'],
  ['magic-trick', 'Faire un tour de magie', 'performing a magic trick with playing cards'],
  ['snowman', 'Faire un bonhomme de neige', 'building a snowman in fresh snow'],
  ['snowball-fight', 'Bataille de boules de neige', 'throwing a snowball in a playful snowball fight'],
  // Adventure
  ['casting-spell', 'Lancer un sort', 'casting a spell with glowing magic swirling from the hands'],
  ['sword-fighting', "Combattre à l'épée", 'fighting with a sword in a dramatic duel stance'],
  ['archery', "Tirer à l'arc", 'drawing a bow and aiming an arrow'],
]);

/** Options that open a dialog of sub-categories instead of being selected directly. */
const ACTION_GROUP_OPTIONS = defineOptions(
  'action',
  ACTION_GROUPS.map((group) => [group.id, group.name, group.prompt] as const),
);

export const ACTION_OPTIONS = [...EVERYDAY_ACTIONS, ...ACTION_GROUP_OPTIONS];

/**
 * An action poses the person anew, in a frame that holds the new pose; the wind of a sports-car
 * drive also blows their hair about.
 */
export const ACTION_INSTRUCTION: CategoryInstruction = {
  lead: 'Show the person',
  changes: ['pose', 'framing'],
  options: { 'sports-car': { alsoChanges: ['hair'] } },
};
