/**
 * The costume pieces, one file per part of the body they fit (see pieces/paint.ts for their frames
 * and shading); wardrobe.ts reads them all from here.
 */
export { GOLD, SILVER, STEEL, type Draw, type Measures } from './pieces/paint';
export * from './pieces/head';
export * from './pieces/face';
export * from './pieces/clothes';
export * from './pieces/armour';
export * from './pieces/accessories';
export * from './pieces/effects';
