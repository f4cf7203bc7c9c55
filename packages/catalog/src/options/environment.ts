import type { CategoryInstruction } from '../instructions';
import { defineOptions } from '../option';

/** Where the scene takes place; prompts complete ENVIRONMENT_INSTRUCTION's lead. */
export const ENVIRONMENT_OPTIONS = defineOptions('environment', [
  // Nature
  ['ocean', 'Océan', 'by the open ocean with rolling turquoise waves and a wide horizon'],
  ['forest', 'Forêt', 'in a lush green forest with tall trees and shafts of sunlight'],
  ['desert', 'Désert', 'in a vast desert of golden sand dunes under a clear sky'],
  ['underwater', 'Fonds marins', 'underwater among coral reefs, tropical fish and shimmering light rays'],
  ['sky', 'Dans les nuages', 'high up in the sky among soft fluffy clouds'],
  ['cave', 'Grotte', 'inside a vast cave with stalactites and glowing crystals'],
  ['volcano', 'Volcan', 'near an erupting volcano with rivers of glowing lava and ash clouds'],
  ['tropical-beach', 'Plage tropicale', 'on a tropical beach with white sand, palm trees and turquoise water'],
  ['snowy-mountains', 'Montagnes enneigées', 'on a snowy mountain summit with sweeping alpine views'],
  ['jungle', 'Jungle', 'in a dense tropical jungle with hanging vines and giant leaves'],
  ['waterfall', 'Cascade', 'in front of a majestic waterfall with mist and rainbows'],
  ['savanna', 'Savane africaine', 'on the African savanna with acacia trees and golden grass'],
  ['arctic', 'Banquise arctique', 'on the Arctic ice floe with icebergs and pale blue light'],
  ['lavender-fields', 'Champs de lavande', 'in rows of blooming lavender fields in Provence'],
  ['flower-meadow', 'Prairie fleurie', 'in a meadow full of wildflowers'],
  ['mountain-lake', 'Lac de montagne', 'beside a crystal-clear mountain lake reflecting the peaks'],
  ['countryside', 'Campagne', 'in rolling green countryside with farms and hedgerows'],
  ['vineyard', 'Vignoble', 'in a sunlit vineyard with rows of grapevines'],
  // Cities and places
  ['city', 'Ville', 'in a bustling modern city street with tall buildings'],
  ['paris', 'Paris', 'in Paris with the Eiffel Tower and Haussmann buildings in the background'],
  ['neon-tokyo', 'Tokyo néon', 'in a Tokyo street at night glowing with neon signs'],
  ['new-york', 'New York', 'in New York with yellow cabs and skyscrapers'],
  ['venice', 'Venise', 'in Venice beside a canal with gondolas and old palazzi'],
  ['parisian-cafe', 'Café parisien', 'on the terrace of a Parisian café with wicker chairs'],
  ['rooftop', 'Toit-terrasse', 'on a city rooftop terrace at dusk with skyline views'],
  ['subway', 'Métro', 'in an underground metro station with tiled walls'],
  ['nightclub', 'Boîte de nuit', 'in a nightclub with a crowded dance floor and laser lights'],
  ['christmas-market', 'Marché de Noël', 'at a Christmas market with wooden stalls and twinkling lights'],
  ['funfair', 'Fête foraine', 'at a funfair with a Ferris wheel and colourful rides'],
  ['photo-studio', 'Studio photo', 'in a professional photo studio with a seamless backdrop'],
  ['library', 'Bibliothèque', 'in a grand old library with towering wooden bookshelves'],
  ['museum', 'Musée', 'in an art museum gallery with framed paintings and marble floors'],
  ['stadium', 'Stade', 'in a packed sports stadium under floodlights'],
  ['mountain-chalet', 'Chalet de montagne', 'in a cosy mountain chalet with a fireplace and wooden beams'],
  // History and legend
  ['castle', 'Château', 'in front of a medieval castle with stone towers and banners'],
  ['ancient-rome', 'Rome antique', 'in ancient Rome among marble columns and the Colosseum'],
  ['ancient-egypt', 'Égypte ancienne', 'in ancient Egypt beside the pyramids and the Sphinx'],
  ['medieval-village', 'Village médiéval', 'in a medieval village with timber-framed houses and cobbled streets'],
  ['gothic-cathedral', 'Cathédrale gothique', 'inside a gothic cathedral with soaring arches and stained glass'],
  ['wild-west', 'Far West', 'in a Wild West town with a saloon and dusty main street'],
  ['japanese-garden', 'Jardin japonais', 'in a Japanese garden with cherry blossoms, a koi pond and a red bridge'],
  ['mayan-ruins', 'Ruines mayas', 'among overgrown Mayan pyramid ruins in the jungle'],
  // Fantasy and science fiction
  ['space', 'Espace', 'floating in outer space among stars, nebulae and distant planets'],
  ['mars', 'Planète Mars', 'on the red rocky surface of Mars under a dusty sky'],
  ['moon', 'Surface lunaire', 'on the grey cratered surface of the Moon with Earth rising'],
  ['space-station', 'Station spatiale', 'inside a futuristic space station with a window onto Earth'],
  ['cyberpunk-city', 'Ville cyberpunk', 'in a rainy cyberpunk megacity with holographic billboards'],
  ['enchanted-forest', 'Forêt enchantée', 'in an enchanted forest with glowing mushrooms and fireflies'],
  ['haunted-mansion', 'Manoir hanté', 'in front of a haunted mansion under a stormy full moon'],
  ['floating-islands', 'Îles flottantes', 'on floating islands drifting in the sky with waterfalls pouring off'],
  ['sunken-city', 'Cité engloutie', 'in a sunken ancient city overgrown with seaweed'],
  ['candy-land', 'Pays des bonbons', 'in a whimsical candy land with lollipop trees and chocolate rivers'],
  ['post-apocalyptic', 'Post-apocalyptique', 'in a post-apocalyptic wasteland with ruined buildings and dust'],
]);

/** A new background around the same person, in the same place in the frame. */
export const ENVIRONMENT_INSTRUCTION: CategoryInstruction = {
  lead: 'Replace the background so the person is',
  changes: [],
  options: { space: { alsoChanges: ['pose'] } },
};
