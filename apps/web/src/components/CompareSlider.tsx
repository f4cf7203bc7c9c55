import { Box, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsHorizontal, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';

export interface CompareImage {
  src: string;
  srcSet?: string;
  alt: string;
}

export interface CompareSliderProps {
  before: CompareImage;
  after: CompareImage;
  /** Intrinsic size of both images: reserves the space before they load. */
  width: number;
  height: number;
  /** The `sizes` attribute shared by both images when they have a srcset. */
  sizes?: string;
  /** Above the fold: load at once and with high priority. */
  priority?: boolean;
  beforeLabel?: string;
  afterLabel?: string;
  /** Controlled position, 0 to 100. */
  value?: number;
  onChange?: (position: number) => void;
  /** Uncontrolled use: a new key puts the divider back in the middle. */
  resetKey?: string | number;
  'aria-label'?: string;
  radius?: number | string;
}

/** Where the divider starts, and where it goes back to: the middle. */
export const COMPARE_START_POSITION = 50;
const KEYBOARD_STEP = 5;
/** Below this distance from an edge the label of the hidden side fades out. */
const LABEL_FADE_EDGE = 12;

const clamp = (position: number) => Math.min(100, Math.max(0, position));

const imageStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  pointerEvents: 'none',
};

const labelStyle: CSSProperties = {
  position: 'absolute',
  top: 12,
  padding: '3px 10px',
  borderRadius: 999,
  background: 'rgba(15, 15, 25, 0.72)',
  color: 'white',
  fontSize: 13,
  fontWeight: 600,
  letterSpacing: '0.02em',
  pointerEvents: 'none',
  transition: 'opacity 150ms ease',
};

/**
 * Before/after comparison: the before image is revealed left of a divider that follows the
 * pointer while it is pressed (mouse or touch), or the arrow keys, Home and End.
 */
export function CompareSlider({
  before,
  after,
  width,
  height,
  sizes,
  priority = false,
  beforeLabel = 'Avant',
  afterLabel = 'Après',
  value,
  onChange,
  resetKey,
  'aria-label': ariaLabel = 'Position du curseur de comparaison avant/après',
  radius = 'var(--mantine-radius-lg)',
}: CompareSliderProps) {
  const [ownPosition, setOwnPosition] = useState(COMPARE_START_POSITION);
  const [seenResetKey, setSeenResetKey] = useState(resetKey);
  if (resetKey !== seenResetKey) {
    setSeenResetKey(resetKey);
    setOwnPosition(COMPARE_START_POSITION);
  }
  const position = value ?? ownPosition;
  const [dragging, setDragging] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const touch = useMediaQuery('(pointer: coarse)');

  const moveTo = (next: number) => {
    const clamped = clamp(next);
    setOwnPosition(clamped);
    onChange?.(clamped);
  };

  const moveToPointer = (clientX: number) => {
    const frame = frameRef.current?.getBoundingClientRect();
    if (frame && frame.width > 0) moveTo(((clientX - frame.left) / frame.width) * 100);
  };
  const follow = useEffectEvent(moveToPointer);

  // While pressed, the whole window follows the pointer, so releasing outside the image ends the drag too.
  useEffect(() => {
    if (!dragging) return;
    const move = (event: PointerEvent) => follow(event.clientX);
    const stop = () => setDragging(false);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
    };
  }, [dragging]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch') {
      if (event.button !== 0) return;
      event.preventDefault(); // no text selection or native image drag while sliding
      moveToPointer(event.clientX); // a click puts the divider where it lands
    }
    // A touch only moves the divider once the finger slides: a vertical swipe scrolls the page untouched.
    setDragging(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: position - KEYBOARD_STEP,
      ArrowDown: position - KEYBOARD_STEP,
      ArrowRight: position + KEYBOARD_STEP,
      ArrowUp: position + KEYBOARD_STEP,
      Home: 0,
      End: 100,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    moveTo(next);
  };

  const shared = {
    width,
    height,
    sizes,
    decoding: 'async' as const,
    draggable: false,
    loading: priority ? ('eager' as const) : ('lazy' as const),
  };
  const rounded = Math.round(position);

  return (
    <Box
      ref={frameRef}
      onPointerDown={onPointerDown}
      data-dragging={dragging || undefined}
      data-testid="compare-slider"
      style={{
        position: 'relative',
        aspectRatio: `${width} / ${height}`,
        overflow: 'hidden',
        borderRadius: radius,
        cursor: 'ew-resize',
        userSelect: 'none',
        WebkitUserSelect: 'none',
        // Vertical swipes still scroll the page; horizontal ones move the divider.
        touchAction: 'pan-y',
        background: 'var(--mantine-color-default-hover)',
      }}
    >
      <img
        {...shared}
        src={after.src}
        srcSet={after.srcSet}
        alt={after.alt}
        style={imageStyle}
        fetchPriority={priority ? 'high' : undefined}
      />
      <img
        {...shared}
        src={before.src}
        srcSet={before.srcSet}
        alt={before.alt}
        style={{ ...imageStyle, clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span style={{ ...labelStyle, left: 12, opacity: position < LABEL_FADE_EDGE ? 0 : 1 }} aria-hidden>
        {beforeLabel}
      </span>
      <span style={{ ...labelStyle, right: 12, opacity: position > 100 - LABEL_FADE_EDGE ? 0 : 1 }} aria-hidden>
        {afterLabel}
      </span>
      <div
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: `${position}%`,
          width: 2,
          marginLeft: -1,
          background: 'white',
          boxShadow: '0 0 8px rgba(0, 0, 0, 0.45)',
          pointerEvents: 'none',
        }}
      />
      <div
        role="slider"
        tabIndex={0}
        aria-label={ariaLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${beforeLabel} ${rounded} %, ${afterLabel} ${100 - rounded} %`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="mantine-focus-auto"
        style={{
          position: 'absolute',
          top: '50%',
          left: `${position}%`,
          width: 44,
          height: 44,
          transform: 'translate(-50%, -50%)',
          borderRadius: '50%',
          background: 'white',
          color: 'var(--mantine-color-violet-7)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          boxShadow: '0 2px 12px rgba(0, 0, 0, 0.35)',
        }}
      >
        <IconChevronLeft size={16} stroke={2.5} aria-hidden />
        <IconChevronRight size={16} stroke={2.5} aria-hidden />
      </div>
      <Text
        component="span"
        fz="xs"
        fw={600}
        style={{
          position: 'absolute',
          left: '50%',
          bottom: 12,
          transform: 'translateX(-50%)',
          display: 'inline-flex',
          alignItems: 'center',
          gap: 6,
          padding: '4px 12px',
          borderRadius: 999,
          background: 'rgba(15, 15, 25, 0.72)',
          color: 'white',
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          opacity: dragging ? 0 : 1,
          transition: 'opacity 150ms ease',
        }}
      >
        <IconArrowsHorizontal size={14} aria-hidden />
        {touch ? 'Glissez pour comparer' : 'Cliquez et glissez pour comparer'}
      </Text>
    </Box>
  );
}
