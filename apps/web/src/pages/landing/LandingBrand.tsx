import { Anchor } from '@mantine/core';

/** The brand as the landing page shows it: BrandTitle's look, as a plain link (the landing page loads without the router). */
export function LandingBrand({ size }: { size: number }) {
  return (
    <Anchor href="/" underline="never" className="brand-title" fz={size}>
      Atelier
    </Anchor>
  );
}
