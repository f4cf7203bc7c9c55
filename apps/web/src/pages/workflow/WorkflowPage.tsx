import { ComingSoonPage } from '../ComingSoonPage';

/** The node-based workflow editor of /workflow. */
export function WorkflowPage() {
  return <ComingSoonPage title="Éditeur de workflow" />;
}
