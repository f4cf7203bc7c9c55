import type { MouseEvent } from 'react';
import { FeaturesSection, HowItWorksSection, ProcessSection, TechnologySection } from './FeatureSections';
import { BadgesRow, HeroSection, StatsStrip } from './HeroSections';
import { LandingFooter } from './LandingFooter';
import { LandingNav } from './LandingNav';
import { CreditsSection, FinalCallToAction, PricingSection } from './OfferSections';
import { CharacterShowcaseSection, GallerySection, SampleResultsSection } from './SampleSections';
import { useTouchDeviceLayout } from './useTouchDeviceLayout';
import './landing.css';

/** Whether a click on an element opens one of the app's own paths in this tab, and which. */
function appPathClicked(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  const path = link?.getAttribute('href');
  return link && !link.target && path?.startsWith('/') ? path : null;
}

/**
 * The public marketing page, sections in the order of the spec. It loads without the router (see
 * mountLanding): its links are plain anchors, and `onNavigate` follows one of them within the app.
 */
export function LandingPage({ onNavigate }: { onNavigate: (path: string) => void }) {
  useTouchDeviceLayout();
  return (
    <div
      className="landing"
      onClick={(event) => {
        const path = appPathClicked(event);
        if (path === null) return;
        event.preventDefault();
        onNavigate(path);
      }}
    >
      <LandingNav />
      <main>
        <HeroSection />
        <StatsStrip />
        <BadgesRow />
        <FeaturesSection />
        <SampleResultsSection />
        <ProcessSection />
        <CharacterShowcaseSection />
        <HowItWorksSection />
        <TechnologySection />
        <CreditsSection />
        <GallerySection />
        <PricingSection />
        <FinalCallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
