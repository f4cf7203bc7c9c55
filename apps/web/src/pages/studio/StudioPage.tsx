import { ComingSoonPage } from '../ComingSoonPage';

/** The transformation studio of /create, /transform and /mobile-transform. */
export function StudioPage() {
  return <ComingSoonPage title="Studio de transformation" />;
}
