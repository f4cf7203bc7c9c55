export interface Box {
  /** Centre. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the line from a box's centre towards `towards` leaves the box. */
export function borderPoint(box: Box, towards: { x: number; y: number }): { x: number; y: number } {
  const dx = towards.x - box.x;
  const dy = towards.y - box.y;
  if (dx === 0 && dy === 0) return { x: box.x, y: box.y };
  const scale = Math.min(
    dx === 0 ? Infinity : box.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : box.height / 2 / Math.abs(dy),
  );
  return { x: box.x + dx * scale, y: box.y + dy * scale };
}

/** A connection drawn between the borders of its two nodes, facing each other (mind-map style). */
export function connectionEnds(
  from: Box,
  to: Box,
): { source: { x: number; y: number }; target: { x: number; y: number } } {
  return { source: borderPoint(from, to), target: borderPoint(to, from) };
}
