import { FeaturesSection, HowItWorksSection, ProcessSection, TechnologySection } from './FeatureSections';
import { BadgesRow, HeroSection, StatsStrip } from './HeroSections';
import { LandingFooter } from './LandingFooter';
import { LandingNav } from './LandingNav';
import { CreditsSection, FinalCallToAction, PricingSection } from './OfferSections';
import { CharacterShowcaseSection, GallerySection, SampleResultsSection } from './SampleSections';
import { TestimonialsSection } from './TestimonialsSection';
import { useTouchDeviceLayout } from './useTouchDeviceLayout';
import './landing.css';

/** The public marketing page, sections in the order of the spec. */
export function LandingPage() {
  useTouchDeviceLayout();
  return (
    <div className="landing">
      <LandingNav />
      <main>
        <HeroSection />
        <StatsStrip />
        <BadgesRow />
        <FeaturesSection />
        <SampleResultsSection />
        <ProcessSection />
        <CharacterShowcaseSection />
        <TestimonialsSection />
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
