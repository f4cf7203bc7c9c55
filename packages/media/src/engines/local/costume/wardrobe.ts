import { hsl, type Rgb } from '../../../color';
import type { Dice } from '../../../hash';
import * as piece from './pieces';
import { GOLD, SILVER, STEEL, type Draw, type Neckline } from './pieces';
import { PROPS, boxingGlove, openHand, pointingHand, type PropName } from './props';

/** The body part a piece is fitted to (see fit.ts). */
export type Anchor = 'head' | 'eyes' | 'torso' | 'hand' | 'hips' | 'feet';
/**
 * Where a piece goes in depth: behind the person (capes, wings, hoods: seen around them), on the
 * body (clothes, face paint: clipped to the person's matte) or in front (hats, glasses, props).
 */
export type Layer = 'behind' | 'body' | 'front';

export interface Piece {
  draw: Draw;
  anchor: Anchor;
  layer: Layer;
  main: Rgb;
  accent?: Rgb;
  /** Drawn in the anchor's frame moved by (dx, dy) and scaled: a hand waving beside the head. */
  offset?: { dx: number; dy: number; scale: number };
  /** Of the same stuff as the piece before it (a cape's fronts and back, a creature's head and wings): painted in its colours. */
  follows?: true;
}

const BLACK_CLOTH: Rgb = [28, 28, 32];
const WHITE_CLOTH: Rgb = [244, 244, 240];
const RED: Rgb = [196, 30, 45];
const NAVY: Rgb = [30, 42, 78];
const BROWN: Rgb = [110, 72, 40];
const KHAKI: Rgb = [176, 156, 108];
const GREEN: Rgb = [54, 110, 60];
const PURPLE: Rgb = [96, 40, 130];

const at =
  (anchor: Anchor, layer: Layer) =>
  (draw: Draw, main: Rgb, accent?: Rgb): Piece => ({ draw, anchor, layer, main, ...(accent ? { accent } : {}) });
const onHead = at('head', 'front');
const behindHead = at('head', 'behind');
const onFace = at('eyes', 'front');
const onSkin = at('eyes', 'body');
const onBody = at('torso', 'body');
const overBody = at('torso', 'front');
const behindBody = at('torso', 'behind');
const held = (name: PropName, main: Rgb): Piece => ({ draw: PROPS[name], anchor: 'hand', layer: 'front', main });
const boxingGloved = (main: Rgb): Piece => ({ draw: boxingGlove, anchor: 'hand', layer: 'front', main });
/** A cape: its back behind the person, its fronts and clasp over the shoulders, of one cloth lined with the accent. */
const caped = (main: Rgb, accent?: Rgb, highCollar = false): Piece[] => [
  behindBody(piece.cape(highCollar), main, accent),
  { ...onBody(piece.capeFronts, main, accent), follows: true },
];
/** A creature ridden: its head and neck before the rider, and, for a winged one, wings of its colour half open behind them. */
function ridden(kind: piece.Mount, main: Rgb, accent: Rgb, wings: 'feathered' | 'leathery' | 'none'): Piece[] {
  const head = overBody(piece.mount(kind), main, accent);
  if (wings === 'none') return [head];
  return [
    head,
    {
      ...behindBody(piece.wings(wings === 'feathered'), main, accent),
      offset: { dx: 0, dy: -10, scale: 0.75 },
      follows: true,
    },
  ];
}
const besideHead = (draw: Draw, main: Rgb, dx: number, dy: number, scale = 1): Piece => ({
  draw,
  anchor: 'head',
  layer: 'front',
  main,
  offset: { dx, dy, scale },
});

// ── Qui: who the person becomes, by option id ──

const CHARACTERS: Readonly<Record<string, readonly Piece[]>> = {
  superhero: [...caped(RED), onBody(piece.emblem, RED, [250, 210, 40]), onFace(piece.eyeMask, RED)],
  knight: [
    onBody(piece.breastplate, STEEL, RED),
    overBody(piece.pauldrons, STEEL),
    onHead(piece.helmet('crest'), STEEL, RED),
    held('sword', SILVER),
  ],
  princess: [
    onBody(piece.garment('scoop', 'sparkles'), [236, 150, 190], WHITE_CLOTH),
    onHead(piece.tiara, SILVER, [120, 170, 255]),
    overBody(piece.necklace(true), WHITE_CLOTH),
  ],
  prince: [
    onBody(piece.jacket('none', [240, 236, 226]), NAVY, GOLD),
    overBody(piece.sash(22), RED, GOLD),
    onHead(piece.crown, GOLD, RED),
  ],
  king: [...caped([150, 20, 40]), overBody(piece.ermine, WHITE_CLOTH), onHead(piece.crown, GOLD, RED)],
  queen: [...caped(PURPLE), overBody(piece.necklace(true), WHITE_CLOTH), onHead(piece.crown, GOLD, [40, 90, 220])],
  pirate: [
    onHead(piece.hat('tricorn'), BLACK_CLOTH, GOLD),
    onFace(piece.moustache, [40, 26, 18]),
    onBody(piece.garment('v', 'stripes'), WHITE_CLOTH, RED),
    held('sword', SILVER),
  ],
  viking: [
    ...caped([120, 90, 60]),
    onHead(piece.helmet('horned'), STEEL),
    onFace(piece.beard, [170, 90, 40]),
    held('shield', [120, 80, 40]),
  ],
  samurai: [
    onBody(piece.breastplate, [120, 24, 30], GOLD),
    overBody(piece.pauldrons, [90, 20, 26]),
    onHead(piece.helmet('winged'), [60, 30, 30], GOLD),
    held('sword', SILVER),
  ],
  ninja: [
    onBody(piece.garment('wrap', 'plain'), BLACK_CLOTH, [60, 60, 70]),
    onFace(piece.lowerMask, BLACK_CLOTH),
    onHead(piece.headband, BLACK_CLOTH),
  ],
  gladiator: [
    overBody(piece.pauldrons, [184, 120, 60]),
    onBody(piece.garment('v', 'plain'), [120, 74, 40], [90, 54, 30]),
    onHead(piece.helmet('brimmed'), [190, 130, 60]),
    held('sword', SILVER),
  ],
  musketeer: [
    onBody(piece.garment('crew', 'plain'), [40, 80, 170], WHITE_CLOTH),
    overBody(piece.ruff, WHITE_CLOTH),
    onHead(piece.hat('brim'), BLACK_CLOTH, [240, 240, 240]),
    onFace(piece.moustache, [60, 40, 24]),
    held('sword', SILVER),
  ],
  cowboy: [
    onHead(piece.hat('cowboy'), BROWN, [60, 40, 24]),
    overBody(piece.scarf, RED, WHITE_CLOTH),
    onBody(piece.garment('v', 'plain'), [150, 100, 60]),
  ],
  pharaoh: [
    behindHead(piece.hood(true), [30, 60, 160], GOLD),
    onHead(piece.headband, GOLD),
    overBody(piece.necklace(false), GOLD),
  ],
  'greek-god': [
    onBody(piece.garment('scoop', 'plain'), WHITE_CLOTH),
    overBody(piece.sash(40), WHITE_CLOTH, GOLD),
    onHead(piece.wreath(false), GOLD),
  ],
  fairy: [
    behindBody(piece.wings(true), [220, 200, 255]),
    onHead(piece.wreath(true), [90, 160, 90], [250, 150, 200]),
    held('wand', GOLD),
    overBody(piece.scatter('stars'), [255, 250, 220]),
  ],
  wizard: [
    onHead(piece.hat('cone'), [40, 50, 140], [250, 220, 90]),
    onFace(piece.beard, [236, 236, 236]),
    onBody(piece.garment('v', 'plain'), [50, 60, 150], GOLD),
    held('staff', [140, 200, 255]),
  ],
  witch: [onHead(piece.hat('cone'), BLACK_CLOTH, PURPLE), ...caped(BLACK_CLOTH), held('flask', [90, 220, 90])],
  elf: [onFace(piece.pointedEars, [238, 200, 170]), onHead(piece.wreath(false), GREEN), ...caped(GREEN)],
  dwarf: [onHead(piece.helmet('dome'), STEEL), onFace(piece.beard, [170, 90, 40]), held('axe', SILVER)],
  angel: [
    behindBody(piece.aura, [255, 236, 170]),
    behindBody(piece.wings(true), WHITE_CLOTH),
    onHead(piece.halo, GOLD),
  ],
  demon: [
    behindBody(piece.wings(false), [90, 16, 20]),
    onHead(piece.horns, [150, 20, 24]),
    onFace(piece.glowingEyes(), [255, 40, 20]),
  ],
  vampire: [
    onSkin(piece.facePaint(0.35, false), [236, 232, 240], [90, 40, 80]),
    ...caped(BLACK_CLOTH, [170, 10, 30], true),
    onFace(piece.fangs, WHITE_CLOTH),
  ],
  zombie: [
    onSkin(piece.facePaint(0.5, false), [130, 160, 110], [70, 40, 80]),
    onBody(piece.garment('crew', 'plain'), [90, 90, 80], [60, 50, 40]),
  ],
  ghost: [
    behindBody(piece.aura, [220, 236, 255]),
    onSkin(piece.facePaint(0.55, false), [240, 246, 255], [120, 140, 170]),
    behindHead(piece.hood(false), [236, 240, 250]),
  ],
  mummy: [
    onBody(piece.garment('crew', 'stripes'), [214, 200, 168], [186, 170, 136]),
    onSkin(piece.bandages, [222, 210, 180]),
  ],
  astronaut: [
    onBody(piece.garment('crew', 'plain'), WHITE_CLOTH, [220, 220, 220]),
    onBody(piece.emblem, [30, 60, 160], WHITE_CLOTH),
    onHead(piece.spaceHelmet, [200, 204, 210]),
  ],
  robot: [
    onBody(piece.breastplate, SILVER, [60, 200, 255]),
    onFace(piece.visor(false), SILVER, [255, 40, 40]),
    onHead(piece.antenna, SILVER, [255, 60, 60]),
  ],
  cyborg: [onFace(piece.visor(true), SILVER, [255, 40, 40]), overBody(piece.pauldrons, SILVER)],
  alien: [
    onSkin(piece.facePaint(0.4, false), [120, 200, 130], [40, 90, 60]),
    onFace(piece.glowingEyes(), [120, 255, 160]),
    onHead(piece.antenna, [120, 200, 130], [200, 255, 120]),
  ],
  detective: [
    onHead(piece.hat('brim'), [120, 100, 80], [70, 50, 40]),
    onBody(piece.jacket('none', [236, 232, 220]), KHAKI, BROWN),
    held('magnifier', GOLD),
  ],
  spy: [
    onBody(piece.jacket('tie', WHITE_CLOTH), BLACK_CLOTH, BLACK_CLOTH),
    onFace(piece.glasses('sun'), BLACK_CLOTH, [20, 20, 30]),
  ],
  chef: [
    onHead(piece.hat('toque'), WHITE_CLOTH),
    onBody(piece.garment('crew', 'plain'), WHITE_CLOTH, [220, 220, 220]),
    overBody(piece.scarf, RED, WHITE_CLOTH),
  ],
  doctor: [onBody(piece.jacket('tie', [170, 200, 230]), WHITE_CLOTH, NAVY), overBody(piece.stethoscope, BLACK_CLOTH)],
  firefighter: [
    onHead(piece.helmet('brimmed'), RED),
    onBody(piece.garment('crew', 'stripes'), [60, 56, 40], [230, 220, 60]),
  ],
  explorer: [
    onHead(piece.hat('brim'), KHAKI, BROWN),
    onBody(piece.garment('v', 'plain'), KHAKI),
    overBody(piece.scarf, RED, WHITE_CLOTH),
  ],
  scientist: [
    onFace(piece.glasses('goggles'), [90, 110, 130], [160, 220, 240]),
    onBody(piece.jacket('none', [170, 200, 230]), WHITE_CLOTH),
    held('flask', [60, 220, 140]),
  ],
  'rock-star': [
    onBody(piece.jacket('none', [40, 40, 40]), BLACK_CLOTH),
    onFace(piece.glasses('sun'), BLACK_CLOTH, [30, 30, 40]),
    held('guitar', RED),
  ],
  clown: [
    onSkin(piece.facePaint(0.55, true), WHITE_CLOTH, [240, 60, 60]),
    onFace(piece.redNose, RED),
    onHead(piece.hat('party'), [60, 140, 230], [250, 210, 40]),
    overBody(piece.ruff, WHITE_CLOTH),
  ],
  caveman: [
    onBody(piece.garment('scoop', 'fur'), [150, 110, 70], [90, 60, 30]),
    onFace(piece.beard, [60, 40, 26]),
    held('club', BROWN),
  ],
};

// ── Quoi: what the person does, by option id ──

const ACTIONS: Readonly<Record<string, readonly Piece[]>> = {
  running: [behindBody(piece.motionLines(false), WHITE_CLOTH), onHead(piece.headband, RED)],
  flying: [...caped(RED), behindBody(piece.motionLines(false), WHITE_CLOTH)],
  swimming: [overBody(piece.water, [40, 140, 200]), onFace(piece.glasses('goggles'), [40, 120, 200], [60, 150, 220])],
  levitating: [behindBody(piece.aura, [160, 200, 255]), behindBody(piece.motionLines(true), [200, 230, 255])],
  'walking-in-rain': [overBody(piece.scatter('rain'), WHITE_CLOTH), held('umbrella', [40, 60, 160])],
  'walking-the-dog': [held('leash', RED)],
  smiling: [besideHead(piece.speech('☺'), [230, 120, 40], 0, 0), overBody(piece.scatter('hearts'), [240, 80, 120])],
  laughing: [besideHead(piece.speech('Ha ha !'), [230, 90, 40], 0, 0)],
  thinking: [onHead(piece.thoughtBubble, WHITE_CLOTH)],
  waving: [besideHead(openHand, [220, 170, 140], -95, 130)],
  pointing: [
    held('flower', RED),
    {
      draw: pointingHand,
      anchor: 'hand',
      layer: 'front',
      main: [220, 170, 140],
      offset: { dx: 40, dy: -60, scale: 1 },
    },
  ],
  'arms-crossed': [onBody(piece.foldedArms, NAVY)],
  'hero-pose': [...caped(RED), onBody(piece.emblem, RED, [250, 210, 40])],
  clapping: [
    besideHead(openHand, [220, 170, 140], -30, 200, 0.7),
    besideHead(openHand, [220, 170, 140], 30, 200, 0.7),
    overBody(piece.scatter('confetti'), [250, 200, 40]),
  ],
  sleeping: [onFace(piece.sleepMask, [120, 90, 170], WHITE_CLOTH), onHead(piece.sleepLetters, [120, 160, 255])],
  reading: [held('book', [140, 40, 40])],
  cooking: [held('pan', BLACK_CLOTH), onHead(piece.hat('toque'), WHITE_CLOTH)],
  'painting-canvas': [held('brush', [40, 80, 200]), onHead(piece.hat('beret'), BLACK_CLOTH)],
  'taking-selfie': [held('phone', [120, 180, 240])],
  'taking-photo': [held('camera', BLACK_CLOTH)],
  'drinking-coffee': [held('cup', WHITE_CLOTH)],
  'eating-ice-cream': [held('iceCream', [250, 200, 220])],
  phoning: [
    {
      draw: PROPS.phone,
      anchor: 'eyes',
      layer: 'front',
      main: [120, 180, 240],
      offset: { dx: -120, dy: 110, scale: 1 },
    },
  ],
  'working-laptop': [held('laptop', SILVER)],
  gardening: [held('trowel', SILVER), onHead(piece.hat('brim'), [230, 200, 120], [200, 60, 60])],
  fishing: [held('rod', BROWN), onHead(piece.hat('brim'), KHAKI, GREEN)],
  shopping: [held('bags', [230, 90, 150])],
  picnicking: [held('glass', WHITE_CLOTH), onHead(piece.hat('brim'), [230, 200, 120], RED)],
  camping: [held('marshmallow', BROWN), onHead(piece.hat('beanie'), GREEN, [230, 120, 40])],
  barbecue: [held('pan', BLACK_CLOTH)],
  'feeding-birds': [held('seeds', BROWN)],
  stargazing: [behindBody(piece.scatter('stars'), [255, 250, 220]), onHead(piece.thoughtBubble, WHITE_CLOTH)],
  partying: [
    onHead(piece.hat('party'), [230, 60, 140], [250, 220, 60]),
    overBody(piece.scatter('confetti'), [60, 160, 240], [250, 200, 40]),
  ],
  toasting: [held('glass', WHITE_CLOTH)],
  'birthday-candles': [held('cake', [240, 120, 170]), onHead(piece.hat('party'), [60, 140, 230], [250, 220, 60])],
  'throwing-confetti': [
    overBody(piece.scatter('confetti'), [240, 80, 120], [60, 180, 240]),
    besideHead(openHand, [220, 170, 140], -95, 130),
  ],
  'blowing-bubbles': [overBody(piece.scatter('bubbles'), [190, 230, 255]), held('wand', [230, 120, 200])],
  'holding-balloons': [held('balloons', [230, 60, 60])],
  'holding-bouquet': [held('bouquet', [240, 90, 120])],
  juggling: [held('juggling', RED)],
  'magic-trick': [held('cards', WHITE_CLOTH), onHead(piece.hat('top'), BLACK_CLOTH, RED)],
  snowman: [held('snowman', WHITE_CLOTH), onHead(piece.hat('beanie'), RED, WHITE_CLOTH)],
  'snowball-fight': [held('snowball', WHITE_CLOTH), onHead(piece.hat('beanie'), [40, 100, 200], WHITE_CLOTH)],
  'casting-spell': [held('spell', [150, 90, 255]), behindBody(piece.aura, [150, 90, 255])],
  'sword-fighting': [held('sword', SILVER)],
  archery: [held('bow', BROWN)],
  dragon: ridden('dragon', [40, 110, 60], [200, 60, 40], 'leathery'),
  unicorn: ridden('unicorn', [246, 244, 250], [190, 140, 230], 'none'),
  pegasus: ridden('horse', [246, 246, 250], [210, 210, 225], 'feathered'),
  griffin: ridden('eagle', [170, 120, 60], [250, 244, 230], 'feathered'),
  'flying-carpet': [overBody(piece.carpet, [150, 30, 50], GOLD)],
  broomstick: [onHead(piece.hat('cone'), BLACK_CLOTH, PURPLE), behindBody(piece.motionLines(false), WHITE_CLOTH)],
  phoenix: ridden('firebird', [230, 80, 30], [250, 180, 40], 'feathered'),
  'santa-sleigh': [onHead(piece.hat('santa'), RED), behindBody(piece.scatter('stars'), WHITE_CLOTH)],
  tennis: [held('racket', [40, 80, 200]), onHead(piece.headband, WHITE_CLOTH)],
  boxing: [boxingGloved(RED), onHead(piece.headband, RED)],
  fencing: [held('sword', SILVER), onFace(piece.glasses('goggles'), [60, 60, 60], [40, 40, 50])],
  yoga: [behindBody(piece.aura, [250, 210, 120])],
  aerobics: [onHead(piece.headband, [230, 60, 120]), behindBody(piece.motionLines(true), WHITE_CLOTH)],
};

// ── Vêtement: what the person wears, by option id ──

/** Garments several clothing options are dressed in. */
const GARMENTS = {
  apron: [onBody(piece.garment('crew', 'plain'), WHITE_CLOTH), overBody(piece.straps(false), [60, 90, 150])],
  boots: [{ draw: piece.shoe(true), anchor: 'feet', layer: 'front', main: BROWN, accent: BLACK_CLOTH }],
  checked: [onBody(piece.garment('v', 'checks'), [170, 40, 40], BLACK_CLOTH)],
  coat: [onBody(piece.jacket('none', [236, 232, 224]), [150, 120, 80], BLACK_CLOTH)],
  doctor: [onBody(piece.jacket('none', [170, 200, 230]), WHITE_CLOTH), overBody(piece.stethoscope, BLACK_CLOTH)],
  floral: [onBody(piece.garment('scoop', 'flowers'), [250, 236, 200], [230, 80, 120])],
  pharaoh: [
    behindHead(piece.hood(true), [30, 60, 160], GOLD),
    overBody(piece.necklace(false), GOLD),
    onBody(piece.garment('scoop', 'plain'), WHITE_CLOTH),
  ],
  polka: [onBody(piece.garment('scoop', 'dots'), RED, WHITE_CLOTH)],
  puffer: [onBody(piece.garment('crew', 'quilted'), [40, 80, 160], BLACK_CLOTH)],
  suit: [onBody(piece.jacket('tie'), [40, 50, 70], [150, 30, 50])],
  't-shirt': [onBody(piece.garment('crew', 'plain'), WHITE_CLOTH)],
  tailcoat: [onBody(piece.jacket('bow', WHITE_CLOTH, true), BLACK_CLOTH, WHITE_CLOTH)],
  toga: [onBody(piece.garment('scoop', 'plain'), WHITE_CLOTH), overBody(piece.sash(40), WHITE_CLOTH, GOLD)],
} satisfies Record<string, readonly Piece[]>;

/** Each clothing option the local engine renders, by id (the others are cloud-only). */
const CLOTHES: Readonly<Record<string, readonly Piece[]>> = {
  'business-suit': GARMENTS.suit,
  tuxedo: [onBody(piece.jacket('bow', WHITE_CLOTH, true), BLACK_CLOTH, BLACK_CLOTH)],
  tailcoat: GARMENTS.tailcoat,
  'shirt-and-tie': [onBody(piece.jacket('tie'), [220, 230, 245], NAVY)],
  'evening-gown': [onBody(piece.gown('v', false, 'brooch'), [110, 20, 50], GOLD)],
  'cocktail-dress': [onBody(piece.gown('sweetheart', false, 'bow'), [200, 40, 80], BLACK_CLOTH)],
  'little-black-dress': [
    onBody(piece.gown('boat', false, 'plain'), BLACK_CLOTH),
    overBody(piece.necklace(true), WHITE_CLOTH),
  ],
  turtleneck: [onBody(piece.garment('turtle', 'plain'), BLACK_CLOTH)],
  'white-tshirt': GARMENTS['t-shirt'],
  hoodie: [behindHead(piece.hood(false), [90, 96, 110]), onBody(piece.garment('hood', 'plain'), [90, 96, 110])],
  'denim-jacket': GARMENTS.coat,
  'leather-jacket': GARMENTS.coat,
  'flannel-shirt': GARMENTS.checked,
  'cargo-pants': [{ draw: piece.legwear('trousers'), anchor: 'hips', layer: 'body', main: KHAKI, accent: BROWN }],
  overalls: GARMENTS.apron,
  dress: [onBody(piece.garment('scoop', 'plain'), [130, 30, 70], GOLD)],
  sundress: GARMENTS.floral,
  'maxi-skirt': [
    { draw: piece.legwear('skirt'), anchor: 'hips', layer: 'body', main: [60, 60, 90], accent: BLACK_CLOTH },
  ],
  'breton-top': [onBody(piece.garment('crew', 'stripes'), WHITE_CLOTH, NAVY)],
  bathrobe: [onBody(piece.garment('wrap', 'quilted'), WHITE_CLOTH, [226, 226, 222])],
  'wool-coat': GARMENTS.coat,
  'puffer-jacket': GARMENTS.puffer,
  'faux-fur-coat': [onBody(piece.garment('v', 'fur'), [170, 130, 90], [236, 224, 200])],
  cape: [...caped([130, 30, 40])],
  'boxing-gear': [onBody(piece.garment('scoop', 'plain'), WHITE_CLOTH), boxingGloved(RED)],
  rockabilly: GARMENTS.polka,
  'victorian-dress': [onBody(piece.gown('high-lace', true, 'plain'), [70, 40, 80], WHITE_CLOTH)],
  'regency-dress': [onBody(piece.gown('square', true, 'empire'), [240, 236, 220], [110, 140, 200])],
  'renaissance-gown': [onBody(piece.gown('square', true, 'lacing'), [100, 20, 40], GOLD)],
  'roman-toga': GARMENTS.toga,
  'greek-chiton': GARMENTS.toga,
  'ancient-egyptian': GARMENTS.pharaoh,
  kimono: [onBody(piece.garment('wrap', 'flowers'), [170, 30, 50], [240, 200, 80])],
  qipao: [onBody(piece.gown('mandarin', false, 'frogs', 'flowers'), [180, 20, 40], GOLD)],
  'flamenco-dress': [onBody(piece.gown('off-shoulder', false, 'ruffles', 'dots'), RED, WHITE_CLOTH)],
  'wedding-dress': [
    onBody(piece.gown('sweetheart', false, 'lace'), WHITE_CLOTH, WHITE_CLOTH),
    behindHead(piece.veil, WHITE_CLOTH),
  ],
  'groom-suit': GARMENTS.suit,
  'bridesmaid-dress': [onBody(piece.gown('sweetheart', false, 'plain'), [236, 190, 206], WHITE_CLOTH)],
  'ball-gown': [onBody(piece.gown('off-shoulder', true, 'lacing'), [90, 140, 220], WHITE_CLOTH)],
  'doctor-coat': GARMENTS.doctor,
  'chef-whites': [
    onHead(piece.hat('toque'), WHITE_CLOTH),
    onBody(piece.garment('crew', 'plain'), WHITE_CLOTH),
    overBody(piece.scarf, RED, WHITE_CLOTH),
  ],
  'firefighter-gear': [
    onHead(piece.helmet('brimmed'), RED),
    onBody(piece.garment('crew', 'stripes'), [60, 56, 40], [230, 220, 60]),
  ],
  'police-uniform': [
    onHead(piece.hat('cap'), NAVY, GOLD),
    onBody(piece.jacket('tie', [170, 200, 230]), NAVY, BLACK_CLOTH),
    onBody(piece.emblem, GOLD, [250, 230, 150]),
  ],
  'military-uniform': [
    onBody(piece.jacket('tie', [170, 160, 120]), [86, 96, 60], [60, 60, 40]),
    onBody(piece.emblem, GOLD, RED),
  ],
  'pilot-uniform': [onHead(piece.hat('cap'), NAVY, GOLD), onBody(piece.jacket('tie', WHITE_CLOTH), NAVY, BLACK_CLOTH)],
  'sailor-outfit': [
    onBody(piece.garment('v', 'plain'), WHITE_CLOTH),
    overBody(piece.scarf, NAVY, WHITE_CLOTH),
    onHead(piece.hat('cap'), WHITE_CLOTH, NAVY),
  ],
  'construction-gear': [
    onHead(piece.helmet('brimmed'), [250, 200, 30]),
    onBody(piece.garment('crew', 'stripes'), [250, 120, 20], [220, 220, 220]),
  ],
  'astronaut-suit': [
    onBody(piece.garment('crew', 'plain'), WHITE_CLOTH),
    onBody(piece.emblem, [30, 60, 160], WHITE_CLOTH),
  ],
  'mechanic-overalls': GARMENTS.apron,
  'judge-robe': [onBody(piece.garment('v', 'plain'), BLACK_CLOTH, PURPLE), ...caped(BLACK_CLOTH)],
  'scuba-suit': [
    onFace(piece.glasses('goggles'), BLACK_CLOTH, [60, 150, 220]),
    onBody(piece.garment('turtle', 'plain'), BLACK_CLOTH, [40, 120, 200]),
  ],
  'superhero-suit': [
    onBody(piece.garment('crew', 'plain'), [30, 70, 180]),
    ...caped(RED),
    onBody(piece.emblem, RED, [250, 210, 40]),
  ],
  'princess-gown': [
    onBody(piece.gown('sweetheart', true, 'plain', 'sparkles'), [236, 150, 190], WHITE_CLOTH),
    onHead(piece.tiara, SILVER, [120, 170, 255]),
  ],
  'knight-armor': [onBody(piece.breastplate, STEEL, RED), overBody(piece.pauldrons, STEEL)],
  'pirate-costume': [
    onHead(piece.hat('tricorn'), BLACK_CLOTH, GOLD),
    onBody(piece.garment('v', 'stripes'), WHITE_CLOTH, RED),
  ],
  'vampire-cape': [...caped(BLACK_CLOTH, [170, 10, 30], true)],
  'ninja-outfit': [
    onBody(piece.garment('wrap', 'plain'), BLACK_CLOTH, [60, 60, 70]),
    onFace(piece.lowerMask, BLACK_CLOTH),
  ],
  'cowboy-outfit': [
    onHead(piece.hat('cowboy'), BROWN),
    overBody(piece.scarf, RED, WHITE_CLOTH),
    onBody(piece.garment('v', 'plain'), [150, 100, 60]),
  ],
  'mermaid-tail': [
    onBody(piece.garment('scoop', 'dots'), [30, 150, 150], [120, 230, 210]),
    overBody(piece.necklace(true), WHITE_CLOTH),
  ],
  'clown-costume': [
    onHead(piece.hat('party'), [60, 140, 230], [250, 210, 40]),
    overBody(piece.ruff, WHITE_CLOTH),
    onBody(piece.garment('crew', 'dots'), [240, 200, 40], RED),
  ],
  'santa-suit': [onHead(piece.hat('santa'), RED), onBody(piece.garment('crew', 'fur'), RED, WHITE_CLOTH)],
  'animal-onesie': [
    behindHead(piece.hood(false), [150, 110, 80]),
    onHead(piece.animalEars, [150, 110, 80], [240, 190, 170]),
    onBody(piece.garment('hood', 'plain'), [150, 110, 80]),
  ],
  'pharaoh-outfit': GARMENTS.pharaoh,
  'angel-costume': [
    behindBody(piece.wings(true), WHITE_CLOTH),
    onBody(piece.garment('scoop', 'sparkles'), [240, 230, 250], WHITE_CLOTH),
  ],
  sunglasses: [onFace(piece.glasses('sun'), BLACK_CLOTH, [30, 30, 40])],
  fedora: [onHead(piece.hat('brim'), [70, 64, 60], BLACK_CLOTH)],
  beret: [onHead(piece.hat('beret'), BLACK_CLOTH)],
  'baseball-cap': [onHead(piece.hat('cap'), RED, WHITE_CLOTH)],
  beanie: [onHead(piece.hat('beanie'), [200, 80, 60], [240, 240, 240])],
  'straw-hat': [onHead(piece.hat('brim'), [226, 196, 120], [170, 60, 50])],
  'top-hat': [onHead(piece.hat('top'), BLACK_CLOTH, [60, 60, 60])],
  'cowboy-hat': [onHead(piece.hat('cowboy'), BROWN, [60, 40, 24])],
  crown: [onHead(piece.crown, GOLD, RED)],
  tiara: [onHead(piece.tiara, SILVER, [120, 170, 255])],
  'flower-crown': [onHead(piece.wreath(true), GREEN, [240, 120, 170])],
  'bow-tie': [overBody(piece.neckwear('bow'), BLACK_CLOTH)],
  'silk-scarf': [overBody(piece.scarf, [200, 60, 90], GOLD)],
  'pearl-necklace': [overBody(piece.necklace(true), WHITE_CLOTH)],
  'gold-chain': [overBody(piece.necklace(false), GOLD)],
  'leather-gloves': [{ draw: openHand, anchor: 'hand', layer: 'front', main: BLACK_CLOTH, accent: [50, 36, 30] }],
  backpack: [overBody(piece.straps(false), [60, 90, 140])],
  handbag: [overBody(piece.straps(true), [140, 70, 40])],
  'luxury-watch': [held('watch', GOLD)],
  headphones: [onHead(piece.headphones, BLACK_CLOTH, [200, 40, 40])],
  sneakers: [{ draw: piece.shoe(false), anchor: 'feet', layer: 'front', main: WHITE_CLOTH, accent: [200, 200, 200] }],
  'combat-boots': GARMENTS.boots,
  'hiking-boots': GARMENTS.boots,
  'christmas-sweater': [onBody(piece.garment('crew', 'dots'), [150, 30, 40], WHITE_CLOTH)],
};

/** The pieces an option has of its own, by its id; none when only the generic fallback would dress it. */
export function fittedPieces(category: 'character' | 'clothing' | 'action', id: string): readonly Piece[] | undefined {
  return { character: CHARACTERS, action: ACTIONS, clothing: CLOTHES }[category][id];
}

/**
 * An option's pieces, by id. The colour the user chose (or the option's own, option-colors.ts) paints the option's
 * first piece; the second its accent. Options without pieces of their own get a plain top of a hue of
 * their own, so every option is dressed.
 */
export function outfitFor(
  category: 'character' | 'clothing' | 'action',
  id: string,
  colours: readonly Rgb[],
  dice: Dice,
): Piece[] {
  // A garment keeps the colours it was drawn in unless the user or the option names others: a
  // random shade would only disguise two options dressed alike.
  const pieces = fittedPieces(category, id) ?? fallback(category, dice);
  const painted: Piece[] = [];
  pieces.forEach((entry, index) => {
    const before = painted[index - 1];
    if (entry.follows && before)
      painted.push({ ...entry, main: before.main, ...(before.accent ? { accent: before.accent } : {}) });
    else if (index > 0) painted.push(entry);
    else painted.push({ ...entry, main: colours[0] ?? entry.main, ...(colours[1] ? { accent: colours[1] } : {}) });
  });
  return painted;
}

const NECKLINES: readonly Neckline[] = ['crew', 'v', 'scoop', 'turtle'];

/** An option without pieces of its own: a top of a neckline and hue of its own for clothes, motion around the person for an action. */
function fallback(category: 'character' | 'clothing' | 'action', dice: Dice): Piece[] {
  const hue = hsl(dice.between(0, 360), 0.45, 0.45);
  if (category === 'action')
    return [behindBody(piece.motionLines(false), WHITE_CLOTH), overBody(piece.scatter('stars'), hue)];
  return [onBody(piece.garment(NECKLINES[dice.int(0, NECKLINES.length - 1)] ?? 'crew', 'plain'), hue, [240, 240, 240])];
}

/** Every option id with pieces of its own (the tests check that the catalogue's options all have one). */
export const DRESSED_IDS = {
  character: Object.keys(CHARACTERS),
  action: Object.keys(ACTIONS),
  clothing: Object.keys(CLOTHES),
} as const;
