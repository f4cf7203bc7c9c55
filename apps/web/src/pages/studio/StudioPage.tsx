import { VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { DesktopStudio } from './DesktopStudio';
import { PHONE_QUERY, StudioLayoutContext } from './layout';
import { MobileStudio } from './MobileStudio';
import { OptionSampleContext } from './option-sample';
import { PreloadScreen } from './parts/PreloadScreen';
import { usePreload } from './parts/usePreload';
import { useStudio } from './useStudio';
import './studio.css';

/** The spec's minimum time on the preload screen, so it does not flash. */
const PRELOAD_MINIMUM_MS = { desktop: 300, mobile: 150 } as const;

/** Holds the interface back until its first pictures have loaded (or failed). */
function PreloadGate({
  urls,
  minimumMs,
  children,
}: {
  urls: readonly string[];
  minimumMs: number;
  children: ReactNode;
}) {
  const progress = usePreload(urls, minimumMs);
  return progress.ready ? (
    children
  ) : (
    <PreloadScreen loaded={progress.loaded} total={progress.total} percent={progress.percent} />
  );
}

/** The transformation studio of /create, /transform and /mobile-transform: one route set, two layouts. */
export function StudioPage() {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const layout = phone ? 'mobile' : 'desktop';
  const studio = useStudio(layout);
  return (
    <StudioLayoutContext value={layout}>
      <OptionSampleContext value={studio.optionSample}>
        <VisuallyHidden component="h1">Studio de transformation</VisuallyHidden>
        {studio.startSettled ? (
          <PreloadGate urls={studio.preloadUrls} minimumMs={PRELOAD_MINIMUM_MS[layout]}>
            {phone ? <MobileStudio studio={studio} /> : <DesktopStudio studio={studio} />}
          </PreloadGate>
        ) : (
          <PreloadScreen loaded={0} total={0} percent={0} />
        )}
      </OptionSampleContext>
    </StudioLayoutContext>
  );
}
