import { Container, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CommunitySection, type CommunityTab } from './CommunitySection';
import { HeroSection } from './HeroSection';
import { HomeHeader } from './HomeHeader';
import { ShowcaseSection } from './ShowcaseSection';
import './home.css';

/** Home (`/` and `/home`): hero, showcase, then the public feed or the user's own creations. */
export function HomePage() {
  const [tab, setTab] = useState<CommunityTab>('public');
  const showcase = useRef<HTMLElement>(null);
  const community = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // The menu's 'Feed public' leads here: the feed is far below the fold. A frame later, once the
  // layout's effects (which run after this page's) have let the page scroll again after the studio.
  useEffect(() => {
    if (hash !== '#community') return;
    const frame = requestAnimationFrame(() => community.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <>
      <HomeHeader />
      <main>
        <HeroSection onShowCreations={() => showcase.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })} />
        <Container size="lg" px={{ base: 'sm', sm: 'md' }} pt={72} pb={80}>
          <Stack gap={72}>
            <ShowcaseSection ref={showcase} />
            <CommunitySection ref={community} tab={tab} onTabChange={setTab} />
          </Stack>
        </Container>
      </main>
    </>
  );
}
