import { useViewport } from '@xyflow/react';
import { memo } from 'react';
import { GRID } from '../model/constants';
import { cellCenter, cellsInReadingOrder } from '../model/grid';

const INSET = 6;

/** The checkerboard cells nodes snap to, drawn under the nodes and moving with the canvas. */
export const GridCells = memo(function GridCells({ rows }: { rows: number }) {
  const { x, y, zoom } = useViewport();
  return (
    <div className="workflow-grid-layer" aria-hidden>
      <div
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          transformOrigin: '0 0',
          transform: `translate(${x}px, ${y}px) scale(${zoom})`,
        }}
      >
        {cellsInReadingOrder(rows).map((cell) => {
          const centre = cellCenter(cell);
          return (
            <div
              key={`${cell.col}:${cell.row}`}
              className="workflow-grid-cell"
              style={{
                left: centre.x - GRID.cellWidth / 2 + INSET,
                top: centre.y - GRID.cellHeight / 2 + INSET,
                width: GRID.cellWidth - 2 * INSET,
                height: GRID.cellHeight - 2 * INSET,
              }}
            />
          );
        })}
      </div>
    </div>
  );
});
