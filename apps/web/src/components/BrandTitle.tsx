import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

export function BrandTitle({ size = 22 }: { size?: number }) {
  return (
    <Anchor component={Link} to="/" underline="never" className="brand-title" fz={size}>
      Atelier
    </Anchor>
  );
}
