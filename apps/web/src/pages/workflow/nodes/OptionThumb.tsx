import { useState, type CSSProperties } from 'react';
import { thumbnailUrl } from '../../../lib/media';

/** An option's preview; when the picture cannot load, the option's name takes its place. */
export function OptionThumb({
  thumbnail,
  name,
  size,
  style,
}: {
  thumbnail: string | undefined;
  name: string;
  size: number | string;
  style?: CSSProperties;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box: CSSProperties = { width: size, height: size, ...style };
  if (!thumbnail || failed === thumbnail) {
    return (
      <div className="workflow-option-thumb" style={box} data-testid="option-thumb-fallback">
        {name}
      </div>
    );
  }
  return (
    <img
      className="workflow-option-thumb"
      src={thumbnailUrl(thumbnail)}
      alt={name}
      loading="lazy"
      decoding="async"
      draggable={false}
      style={box}
      onError={() => setFailed(thumbnail)}
    />
  );
}
