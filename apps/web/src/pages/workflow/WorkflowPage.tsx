import '@xyflow/react/dist/style.css';
import '@mantine/dropzone/styles.css';
import './workflow.css';
import { Center, Loader } from '@mantine/core';
import { ReactFlowProvider } from '@xyflow/react';
import { useState } from 'react';
import { AppHeader } from '../../components/AppHeader';
import { RetryNotice } from '../../components/RetryNotice';
import { SignInPrompt } from '../../components/SignInPrompt';
import { trpc } from '../../lib/trpc';
import { useErrorToast } from '../../lib/useErrorToast';
import { useCurrentUser } from '../../lib/user';
import { emptyDocument } from './model/nodes';
import { openWorkflowId } from './open-workflow';
import { newWorkflowName } from './useAutosave';
import { WorkflowEditor } from './WorkflowEditor';

function Loading() {
  return (
    <Center h="100dvh">
      <Loader color="violet" role="status" aria-label="Chargement de l'éditeur" />
    </Center>
  );
}

/** The last workflow the user worked on, or a new empty one. */
function LastWorkflow() {
  // Read once: the query asks for the workflow the editor had open before the reload.
  const [preferId] = useState(openWorkflowId);
  // Never from the cache: coming back to the editor must show what was saved since (autosave on leaving).
  const latest = trpc.workflow.latest.useQuery(preferId === undefined ? undefined : { preferId }, { gcTime: 0 });
  useErrorToast(latest.error, 'Erreur lors du chargement du workflow');
  if (latest.isPending) return <Loading />;
  if (latest.isError) {
    return (
      <>
        <AppHeader />
        <RetryNotice title="Le workflow n'a pas pu être chargé" query={latest} />
      </>
    );
  }
  const initial = latest.data ?? { id: null, name: newWorkflowName([]), document: emptyDocument() };
  return (
    <ReactFlowProvider>
      <WorkflowEditor initial={initial} />
    </ReactFlowProvider>
  );
}

/** The node-based workflow editor of /workflow, for signed-in users. */
export function WorkflowPage() {
  const user = useCurrentUser();
  if (user.isPending) return <Loading />;
  if (!user.data) {
    return (
      <>
        <AppHeader />
        <main>
          <SignInPrompt
            titleOrder={1}
            title="Connectez-vous pour créer vos workflows"
            description="L'éditeur de workflow enchaîne vos transformations : connectez-vous pour l'utiliser et retrouver vos workflows."
          />
        </main>
      </>
    );
  }
  return <LastWorkflow />;
}
