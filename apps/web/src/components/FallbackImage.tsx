import { Center } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { previewSourcesOf } from '../lib/media';

interface FallbackImageProps {
  src: string;
  /** Shown when `src` fails to load (a result falls back to its original). */
  fallbackSrc?: string | null | undefined;
  alt: string;
  style?: CSSProperties;
  className?: string;
  loading?: 'lazy' | 'eager';
  /**
   * The width the picture is laid out at (an `<img>`'s `sizes`): when given, a stored picture is
   * loaded as its small version for that width rather than whole.
   */
  previewSizes?: string;
}

/** An image that tries its fallback when it fails, then shows a neutral placeholder. */
export function FallbackImage({
  src,
  fallbackSrc,
  alt,
  style,
  className,
  loading = 'lazy',
  previewSizes,
}: FallbackImageProps) {
  const sources = fallbackSrc && fallbackSrc !== src ? [src, fallbackSrc] : [src];
  // Failures are counted per source list, so a new `src` starts again from the first.
  const [failures, setFailures] = useState({ of: src, count: 0 });
  const failed = failures.of === src ? failures.count : 0;
  const current = sources[failed];

  if (!current) {
    return (
      <Center
        className={className}
        style={{ ...style, background: 'var(--mantine-color-default-hover)' }}
        role="img"
        aria-label={alt}
      >
        <IconPhotoOff size={32} color="var(--mantine-color-dimmed)" aria-hidden />
      </Center>
    );
  }
  const preview = previewSizes === undefined ? null : previewSourcesOf(current);
  return (
    <img
      src={preview?.src ?? current}
      srcSet={preview?.srcSet}
      sizes={preview ? previewSizes : undefined}
      alt={alt}
      loading={loading}
      decoding="async"
      className={className}
      // Shown until the picture arrives.
      style={{ background: 'var(--mantine-color-default-hover)', ...style }}
      onError={() => setFailures({ of: src, count: failed + 1 })}
    />
  );
}
