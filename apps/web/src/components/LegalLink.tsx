import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LEGAL_PAGES } from '../lib/places';

/** A legal page named in a form's sentence: opened beside it, so the form keeps what was typed. */
export function LegalLink({ path, children }: { path: (typeof LEGAL_PAGES)[number]['path']; children: ReactNode }) {
  // Underlined: in running text, colour alone does not mark a link.
  return (
    <Anchor component={Link} to={path} target="_blank" underline="always">
      {children}
    </Anchor>
  );
}
