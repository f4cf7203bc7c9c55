import type { CategoryInstruction } from '../instructions';
import { defineOptions } from '../option';

/** The full artistic style list (the style picker); prompts complete STYLE_INSTRUCTION's lead. */
export const STYLE_OPTIONS = defineOptions('style', [
  // Painting
  ['watercolor', 'Aquarelle', 'watercolor painting with soft bleeding washes, visible paper grain and loose brushwork'],
  [
    'oil-painting',
    "Peinture à l'huile",
    'classical oil painting with rich impasto brushstrokes and deep glazed colours',
  ],
  ['acrylic', 'Acrylique', 'vivid acrylic painting with bold flat colour areas and crisp brush edges'],
  ['gouache', 'Gouache', 'matte gouache illustration with opaque layered colours and a handmade feel'],
  [
    'impressionism',
    'Impressionnisme',
    'impressionist painting with dappled light, short broken brushstrokes and luminous colour',
  ],
  [
    'expressionism',
    'Expressionnisme',
    'expressionist painting with distorted forms, raw emotional brushwork and intense colours',
  ],
  ['cubism', 'Cubisme', 'cubist painting that breaks the subject into geometric facets seen from several angles'],
  ['surrealism', 'Surréalisme', 'surrealist painting with dreamlike, impossible details rendered with precise realism'],
  ['pointillism', 'Pointillisme', 'pointillist painting built entirely from small dots of pure colour'],
  ['fauvism', 'Fauvisme', 'fauvist painting with wild, unnatural saturated colours and simplified shapes'],
  [
    'art-nouveau',
    'Art nouveau',
    'Art Nouveau illustration with flowing organic lines, floral ornaments and a decorative frame',
  ],
  ['art-deco', 'Art déco', 'Art Deco poster with elegant geometric patterns, gold accents and streamlined shapes'],
  ['baroque', 'Baroque', 'baroque painting with dramatic chiaroscuro, rich fabrics and theatrical composition'],
  [
    'renaissance',
    'Renaissance',
    'Italian Renaissance portrait with soft sfumato, balanced composition and muted earthy tones',
  ],
  ['romanticism', 'Romantisme', 'romantic-era painting with sweeping skies, sublime atmosphere and emotional light'],
  ['pop-art', 'Pop art', 'pop art print with bold flat colours, thick outlines and halftone dots'],
  ['abstract', 'Abstrait', 'abstract artwork that turns the scene into expressive shapes, gestures and colour fields'],
  [
    'minimalism',
    'Minimalisme',
    'minimalist artwork with very few shapes, clean negative space and a restrained palette',
  ],
  [
    'ukiyo-e',
    'Estampe japonaise',
    'Japanese ukiyo-e woodblock print with flat colours, fine outlines and stylised waves and clouds',
  ],
  [
    'chinese-ink',
    'Encre de Chine',
    'traditional Chinese ink wash painting with expressive black brush strokes on rice paper',
  ],
  ['fresco', 'Fresque', 'weathered fresco painted on plaster with soft faded pigments and fine cracks'],
  [
    'byzantine-icon',
    'Icône byzantine',
    'Byzantine icon with a gold leaf background, flat stylised figures and ornate halo',
  ],
  ['stained-glass', 'Vitrail', 'stained glass window with jewel-toned glass panes separated by dark lead lines'],
  ['mosaic', 'Mosaïque', 'ancient mosaic made of small square ceramic tesserae with visible grout'],
  // Drawing and print
  [
    'pencil-sketch',
    'Croquis au crayon',
    'graphite pencil sketch with fine hatching, smudged shading and construction lines',
  ],
  ['charcoal', 'Fusain', 'charcoal drawing with deep velvety blacks, smudges and strong contrast on textured paper'],
  ['pastel', 'Pastel', 'soft pastel drawing with powdery texture and gentle blended colours'],
  ['ink-drawing', "Dessin à l'encre", 'pen and ink drawing with precise linework and cross-hatched shadows'],
  ['colored-pencil', 'Crayons de couleur', 'coloured pencil drawing with visible strokes and layered soft colours'],
  ['engraving', 'Gravure', 'antique copperplate engraving with fine parallel lines and stippled shading'],
  ['linocut', 'Linogravure', 'linocut print with bold carved shapes, rough edges and two or three flat inks'],
  [
    'blueprint',
    "Plan d'architecte",
    'technical blueprint with white line drawing on deep blue paper and measurement marks',
  ],
  // Illustration and animation
  [
    'cartoon',
    'Dessin animé',
    'colourful cartoon illustration with clean outlines, simple shading and friendly expressions',
  ],
  ['anime', 'Anime', 'Japanese anime illustration with large expressive eyes, cel shading and vibrant colours'],
  ['manga', 'Manga', 'black and white manga panel with screentone shading, speed lines and crisp ink'],
  [
    'comic-book',
    'Bande dessinée',
    'American comic book art with bold inks, dynamic shading and saturated flat colours',
  ],
  [
    'ligne-claire',
    'Ligne claire',
    'Franco-Belgian ligne claire comic style with uniform clean outlines and flat colours',
  ],
  [
    'graphic-novel',
    'Roman graphique',
    'moody graphic novel illustration with heavy shadows and a limited muted palette',
  ],
  [
    '3d-animation',
    'Animation 3D',
    'polished 3D animated film character render with soft global illumination and expressive features',
  ],
  ['claymation', 'Pâte à modeler', 'stop-motion claymation figure with fingerprint texture and handmade miniature set'],
  ['paper-cutout', 'Papier découpé', 'layered paper cut-out art with soft drop shadows between coloured paper sheets'],
  ['origami', 'Origami', 'origami paper sculpture with crisp folds and geometric paper facets'],
  [
    'storybook',
    'Livre pour enfants',
    "gentle children's storybook illustration with soft textures and warm whimsical colours",
  ],
  ['chibi', 'Chibi', 'cute chibi illustration with a big head, tiny body and playful expression'],
  ['kawaii', 'Kawaii', 'kawaii illustration with pastel colours, rosy cheeks and sparkles'],
  ['pixel-art', 'Pixel art', 'retro 16-bit pixel art with a limited palette and crisp square pixels'],
  ['low-poly', 'Low poly', 'low poly 3D render made of flat-shaded triangular facets'],
  ['vector-flat', 'Illustration vectorielle', 'flat vector illustration with clean geometric shapes and no texture'],
  [
    'isometric',
    'Isométrique',
    'isometric 3D illustration seen from a precise 30-degree angle, like a miniature diorama',
  ],
  ['voxel', 'Voxel', 'voxel art made of small 3D cubes, like a block-built video game world'],
  ['caricature', 'Caricature', 'playful caricature with exaggerated facial features drawn with affection'],
  [
    'tarot-card',
    'Carte de tarot',
    'ornate tarot card illustration with a decorative border, symbols and gilded details',
  ],
  [
    'vintage-poster',
    'Affiche rétro',
    'vintage travel poster with bold simplified shapes, grainy print texture and retro typography space',
  ],
  ['pin-up', 'Pin-up', 'retro 1950s pin-up illustration with glossy airbrushed skin tones and cheerful pose'],
  // Photography looks
  ['vintage-photo', 'Photo vintage', 'faded vintage photograph with warm colour shift, soft grain and light leaks'],
  ['black-and-white', 'Noir et blanc', 'fine-art black and white photograph with deep blacks and rich silver tones'],
  ['sepia', 'Sépia', 'antique sepia-toned photograph with brown monochrome and soft vignette'],
  ['polaroid', 'Polaroid', 'instant Polaroid photo with soft colours, slight blur and a white frame'],
  [
    'film-noir',
    'Film noir',
    '1940s film noir still with hard shadows, venetian blind light and high-contrast monochrome',
  ],
  [
    'cinematic',
    'Cinématographique',
    'cinematic film still with anamorphic feel, colour grading and shallow depth of field',
  ],
  ['hdr', 'HDR', 'high dynamic range photograph with detailed shadows and highlights and vivid local contrast'],
  ['double-exposure', 'Double exposition', 'double exposure photograph blending the silhouette with a landscape'],
  ['infrared', 'Infrarouge', 'false-colour infrared photograph with white foliage and dark dramatic skies'],
  ['lomography', 'Lomographie', 'lomography photo with saturated cross-processed colours and strong vignetting'],
  ['daguerreotype', 'Daguerréotype', '19th-century daguerreotype with silvery mirror-like tones and soft edges'],
  ['cyanotype', 'Cyanotype', 'cyanotype print in Prussian blue and white with uneven brushed chemistry edges'],
  [
    'fashion-editorial',
    'Éditorial mode',
    'high-end fashion magazine editorial with polished retouching and bold styling',
  ],
  // Genres and moods
  [
    'cyberpunk',
    'Cyberpunk',
    'cyberpunk artwork with neon magenta and cyan glow, rain-slick reflections and high-tech details',
  ],
  [
    'steampunk',
    'Steampunk',
    'steampunk artwork with brass gears, copper pipes, Victorian machinery and warm sepia tones',
  ],
  [
    'vaporwave',
    'Vaporwave',
    'vaporwave aesthetic with pastel pink and teal, retro computer graphics and Greek statues',
  ],
  [
    'synthwave',
    'Synthwave',
    'synthwave retro-futuristic look with a neon grid horizon and purple-orange sunset gradient',
  ],
  ['fantasy-art', 'Fantasy', 'epic fantasy illustration with magical glow, intricate details and painterly atmosphere'],
  ['gothic', 'Gothique', 'dark gothic artwork with cathedral shadows, deep crimson and black and an eerie mood'],
  [
    'retro-futurism',
    'Rétrofuturisme',
    '1960s retro-futurist illustration with chrome rockets, space-age curves and optimistic colours',
  ],
  [
    'psychedelic',
    'Psychédélique',
    'psychedelic art with swirling rainbow patterns, melting shapes and vibrating colours',
  ],
  ['glitch', 'Glitch', 'digital glitch art with RGB channel shifts, scan lines and corrupted pixel blocks'],
  ['hologram', 'Hologramme', 'translucent blue hologram projection with scan lines and flickering light'],
  // Materials and crafts
  [
    'marble-statue',
    'Statue de marbre',
    'classical white marble sculpture with polished stone texture and carved detail',
  ],
  ['bronze-statue', 'Statue de bronze', 'cast bronze statue with green patina and metallic highlights'],
  ['wood-carving', 'Sculpture sur bois', 'hand-carved wooden sculpture with visible grain and chisel marks'],
  ['embroidery', 'Broderie', 'embroidered textile artwork with raised satin stitches and thread texture'],
  ['knitted', 'Tricot', 'knitted wool figure with cosy stitched texture and yarn fibres'],
  [
    'graffiti',
    'Graffiti',
    'street graffiti mural with spray paint drips, bold letters and vivid colours on a brick wall',
  ],
]);

/**
 * A style paints skin and hair in its own palette, so only the face, pose and composition are kept;
 * a style that redraws faces or frames the picture is not told to keep them.
 */
export const STYLE_INSTRUCTION: CategoryInstruction = {
  lead: 'Restyle the photo in the style of',
  changes: ['skin', 'hair'],
  options: {
    cubism: { alsoChanges: ['face'] },
    abstract: { alsoChanges: ['face', 'pose'] },
    psychedelic: { alsoChanges: ['face'] },
    anime: { alsoChanges: ['face'] },
    chibi: { alsoChanges: ['face', 'pose'] },
    caricature: { alsoChanges: ['face'] },
    'low-poly': { alsoChanges: ['face'] },
    origami: { alsoChanges: ['face'] },
    'pixel-art': { alsoChanges: ['face'] },
    voxel: { alsoChanges: ['face'] },
    'pin-up': { alsoChanges: ['pose'] },
    isometric: { alsoChanges: ['framing'] },
    'art-nouveau': { alsoChanges: ['framing'] },
    'tarot-card': { alsoChanges: ['framing'] },
    polaroid: { alsoChanges: ['framing'] },
  },
};

/** The short list shown directly in the style category, in this order; the rest live in the style picker. */
const QUICK_STYLE_IDS = [
  'cartoon',
  'anime',
  'watercolor',
  'oil-painting',
  'pencil-sketch',
  'pop-art',
  'cyberpunk',
  '3d-animation',
  'vintage-photo',
] as const;

export const QUICK_STYLES = QUICK_STYLE_IDS.flatMap((id) => STYLE_OPTIONS.filter((option) => option.id === id));
