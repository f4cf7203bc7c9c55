import type { CategoryInstruction } from '../instructions';
import { defineOptions } from '../option';

/** How the scene is lit; prompts complete LIGHTING_INSTRUCTION's lead. */
export const LIGHTING_OPTIONS = defineOptions('lighting', [
  // Daylight
  ['golden-hour', 'Heure dorée', 'warm golden hour sunlight with long soft shadows'],
  ['blue-hour', 'Heure bleue', 'cool blue hour twilight with a deep blue ambient glow'],
  ['sunrise', 'Lever de soleil', 'soft pink and orange sunrise light'],
  ['sunset', 'Coucher de soleil', 'fiery sunset light with a glowing orange sky'],
  ['midday-sun', 'Plein soleil', 'bright midday sun with crisp hard shadows'],
  ['overcast', 'Ciel couvert', 'soft diffused light from an overcast sky'],
  ['window-light', 'Lumière de fenêtre', 'soft natural window light falling from one side'],
  ['morning-mist', 'Brume matinale', 'hazy morning mist scattering soft light'],
  ['god-rays', 'Rayons divins', 'dramatic god rays beaming through clouds or trees'],
  ['dappled-light', 'Lumière sous les feuilles', 'dappled sunlight filtering through leaves'],
  ['winter-light', "Lumière d'hiver", 'pale, crisp winter light reflecting off snow'],
  ['north-light', 'Lumière du nord', "even north-facing painter's studio light"],
  // Studio
  ['softbox', 'Studio softbox', 'clean professional softbox studio lighting'],
  ['rembrandt', 'Éclairage Rembrandt', 'Rembrandt lighting with a small triangle of light on the shadowed cheek'],
  ['butterfly', 'Éclairage papillon', 'butterfly beauty lighting from above the face'],
  ['split-light', 'Éclairage divisé', 'split lighting that illuminates exactly half of the face'],
  ['rim-light', 'Contre-jour', 'strong backlight creating a bright rim around the subject'],
  ['silhouette', 'Silhouette', 'bright background with the subject as a dark silhouette'],
  ['high-key', 'High key', 'bright high-key lighting with minimal shadows'],
  ['low-key', 'Low key', 'moody low-key lighting with deep shadows'],
  ['chiaroscuro', 'Clair-obscur', 'dramatic chiaroscuro with strong contrast between light and dark'],
  ['ring-light', 'Ring light', 'even ring light with circular catchlights in the eyes'],
  ['direct-flash', 'Flash direct', 'direct on-camera flash with a candid party look'],
  ['colored-gels', 'Gélatines colorées', 'coloured gel lighting in contrasting magenta and blue'],
  ['underlighting', 'Éclairage par en dessous', 'eerie lighting from below the face'],
  // Night and artificial
  ['neon-lights', 'Néons', 'vibrant neon lights casting pink and blue glows'],
  ['candlelight', 'Lumière de bougie', 'warm flickering candlelight'],
  ['fireplace', 'Feu de cheminée', 'cosy orange light from a fireplace'],
  ['campfire', 'Feu de camp', 'warm campfire glow in the dark'],
  ['moonlight', 'Clair de lune', 'cool silvery moonlight'],
  ['starry-night', 'Nuit étoilée', 'faint starlight under a sky full of stars'],
  ['aurora', 'Aurore boréale', 'green and purple northern lights glowing in the sky'],
  ['streetlights', 'Réverbères', 'warm street lamps on a dark evening'],
  ['fairy-lights', 'Guirlandes lumineuses', 'twinkling fairy lights with soft bokeh'],
  ['lantern', 'Lanterne', 'warm light from a hand-held lantern'],
  ['stage-spotlight', 'Projecteur de scène', 'a single hard theatre spotlight on a dark stage'],
  ['concert-lights', 'Lumières de concert', 'colourful concert lights and laser beams through haze'],
  ['disco-ball', 'Boule à facettes', 'sparkling reflections from a disco ball'],
  ['blacklight', 'Lumière noire', 'ultraviolet blacklight making colours glow'],
  ['lightning-storm', 'Orage et éclairs', 'stormy light with flashes of lightning'],
]);

/** Light changes nothing of the person, except a silhouette, which hides them. */
export const LIGHTING_INSTRUCTION: CategoryInstruction = {
  lead: 'Change the lighting to',
  changes: [],
  options: { silhouette: { alsoChanges: ['face', 'skin', 'hair'] } },
};
