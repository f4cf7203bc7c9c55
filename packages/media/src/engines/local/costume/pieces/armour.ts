import { BLACK, WHITE, css, mix } from '../../../../color';
import { n, pathData } from '../../../../svg';
import { collarLine, GOLD, lit, metal, shape, outline, dot, line, glint, mirrored, type Draw } from './paint';

// ── Torso frame (as in clothes.ts): armour, capes and wings ──

export const breastplate: Draw = ({ id, main, accent }, { neck }) => {
  const [defs, fill] = metal(`${id}-m`, main);
  const collar = collarLine(neck);
  const plates = [60, 120, 180]
    .map(
      (y) =>
        `<path d="M-150 ${y} Q0 ${y + 20} 150 ${y}" fill="none" stroke="${css(mix(main, BLACK, 0.45))}" stroke-width="2.5"/>`,
    )
    .join('');
  return [
    `<defs>${defs}</defs>`,
    shape(
      pathData(`M-140 ${n(collar - 8)}`, `Q0 ${n(collar + 18)} 140 ${n(collar - 8)}`, `L150 320`, `L-150 320 Z`),
      fill,
    ),
    [
      plates,
      `<path d="M0 ${n(collar + 10)} L0 320" stroke="${css(mix(main, WHITE, 0.5))}" stroke-width="3" stroke-opacity="0.7"/>`,
    ].join(''),
    shape(
      pathData(
        `M-34 ${n(collar + 30)}`,
        `L34 ${n(collar + 30)}`,
        `L26 ${n(collar + 90)}`,
        `L0 ${n(collar + 110)}`,
        `L-26 ${n(collar + 90)} Z`,
      ),
      css(accent),
      ` stroke="${css(GOLD)}" stroke-width="2.5"`,
    ),
  ].join('');
};

/** Shoulder plates: they stand out past the shoulders, so they are drawn in front of everything. */
export const pauldrons: Draw = ({ id, main }) => {
  const [defs, fill] = metal(`${id}-m`, main);
  return [
    '<defs>',
    defs,
    '</defs>',
    `${mirrored([0, 1, 2].map((index) => shape(pathData(`M${28 + index * 3} ${n(-8 + index * 12)}`, `Q50 ${n(-30 + index * 12)} ${n(74 - index * 2)} ${n(6 + index * 13)}`, `L${n(70 - index * 2)} ${n(20 + index * 13)}`, `Q50 ${n(-4 + index * 12)} ${28 + index * 3} ${n(8 + index * 12)} Z`), fill, outline(main, 1))).join(''))}`,
  ].join('');
};

/**
 * The back of a cape or cloak: behind the person, it shows around the shoulders and arms, its top
 * behind the neck; a high collar stands up around the head.
 */
export function cape(highCollar: boolean): Draw {
  return ({ id, main, accent }, { neck }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
    const top = collarLine(neck) - 4;
    const collar = highCollar
      ? shape(
          pathData(
            `M-40 ${n(-neck * 0.2)}`,
            `Q-80 ${n(-neck * 1.2)} -70 ${n(-neck * 1.6)}`,
            `Q-30 ${n(-neck * 1.1)} 0 ${n(-neck * 0.9)}`,
            `Q30 ${n(-neck * 1.1)} 70 ${n(-neck * 1.6)}`,
            `Q80 ${n(-neck * 1.2)} 40 ${n(-neck * 0.2)} Z`,
          ),
          css(accent),
        )
      : '';
    return [
      `<defs>${defs}</defs>${collar}`,
      shape(
        pathData(
          `M-30 ${n(top)}`,
          `Q0 ${n(top - 8)} 30 ${n(top)}`,
          `Q96 -16 122 30`,
          `Q160 140 200 340`,
          `L-200 340`,
          `Q-160 140 -122 30`,
          `Q-96 -16 -30 ${n(top)} Z`,
        ),
        fill,
      ),
      mirrored(
        '<path d="M-100 80 Q-130 200 -140 330" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="10"/>',
      ),
    ].join('');
  };
}

/**
 * The fronts of a cape, on the person: from the clasp at the neck over each shoulder and down the
 * outside of the arms, the lining showing along their inner edges, so that a cape reads on a
 * head-and-shoulders portrait where little of its back shows.
 */
export const capeFronts: Draw = ({ id, main, accent }, { neck }) => {
  const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
  const y = collarLine(neck);
  const lining = accent === main ? mix(main, WHITE, 0.25) : accent;
  const front = pathData(
    `M22 ${n(y)}`,
    `Q64 ${n(y - 12)} 96 -4`,
    `Q116 20 122 60`,
    `L136 340`,
    `L78 340`,
    `Q70 160 58 80`,
    `Q46 30 22 ${n(y)} Z`,
  );
  const edge = pathData(
    `M22 ${n(y)}`,
    `Q46 30 58 80`,
    `Q70 160 78 340`,
    `L88 340`,
    `Q80 160 68 80`,
    `Q56 28 30 ${n(y - 2)} Z`,
  );
  const folds =
    '<path d="M96 40 Q104 140 108 340 M82 30 Q88 120 92 200" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="4"/>';
  const discs = [-26, 26]
    .map((x) => dot(x, y + 4, 9, css(GOLD), outline(GOLD, 1.2)) + glint(x - 3, y + 1, 3, 2))
    .join('');
  return [
    '<defs>',
    defs,
    '</defs>',
    `${mirrored(`${shape(front, fill, outline(main, 1))}${shape(edge, css(lining))}${folds}`)}`,
    `<path d="M-26 ${n(y + 4)} Q0 ${n(y + 18)} 26 ${n(y + 4)}" fill="none" stroke="${css(GOLD)}" stroke-width="3"/>`,
    discs,
  ].join('');
};

export function wings(feathered: boolean): Draw {
  return ({ id, main }) => {
    const [defs, fill] = lit(`${id}-l`, main, 0.3, false);
    const feathers = feathered
      ? Array.from(
          { length: 6 },
          (_, index) =>
            `<path d="M${40 + index * 24} ${30 + index * 4} Q${70 + index * 30} ${90 + index * 16} ${60 + index * 30} ${150 + index * 10}" fill="none" stroke="${css(mix(main, BLACK, 0.25))}" stroke-width="2"/>`,
        ).join('')
      : Array.from({ length: 4 }, (_, index) =>
          line(40, 20, 120 + index * 40, -140 + index * 70, mix(main, BLACK, 0.4), 3),
        ).join('');
    const outlineShape = feathered
      ? 'M30 10 C90 -150 250 -210 290 -170 C260 -90 280 20 220 120 C200 170 120 220 60 180 Z'
      : 'M30 10 L120 -150 L290 -170 L250 -80 L280 20 L220 40 L230 120 L150 100 L60 180 Z';
    return [
      `<defs>${defs}</defs>`,
      [
        '<g transform="translate(0 -20) scale(0.42)">',
        `${mirrored([`<path d="${outlineShape}" fill="${fill}" stroke="${css(mix(main, BLACK, 0.3))}" stroke-width="2"/>`, `${feathers}`].join(''))}`,
        '</g>',
      ].join(''),
    ].join('');
  };
}
