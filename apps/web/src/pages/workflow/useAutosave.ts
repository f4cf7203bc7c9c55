import { workflowNameSchema, type WorkflowDocument } from '@atelier/catalog';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@atelier/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import superjson from 'superjson';
import { trpc } from '../../lib/trpc';
import { AUTOSAVE_DELAY_MS } from './model/constants';
import { freeName } from './model/document-file';
import { toastError } from '../../lib/useErrorToast';

export interface WorkflowMeta {
  /** null until the first save creates it. */
  id: number | null;
  name: string;
}

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** Sends a last save while the page is closing: keepalive lets the request outlive the page. */
const closingClient = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: '/trpc',
      transformer: superjson,
      fetch: (url, options) => fetch(url, { ...(options as RequestInit), credentials: 'include', keepalive: true }),
    }),
  ],
});

const isConflict = (error: unknown) =>
  error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'CONFLICT';

/**
 * Saves the workflow about a second after each change, one save at a time; the first save
 * creates it (under a free name). A save still due when the page closes is sent on the way out.
 */
export function useAutosave(
  document: WorkflowDocument,
  revision: number,
  meta: WorkflowMeta,
  setMeta: (meta: WorkflowMeta) => void,
) {
  const utils = trpc.useUtils();
  const [status, setStatus] = useState<SaveStatus>('idle');
  /** Goes up when another workflow is loaded, so a due save is looked at again. */
  const [loads, setLoads] = useState(0);
  const saving = useRef<Promise<void> | null>(null);
  const savedRevision = useRef(revision);
  const latest = useRef({ document, revision, meta, setMeta, utils });
  latest.current = { document, revision, meta, setMeta, utils };

  // Reads everything through `latest`, so it stays the same function from render to render.
  const saveNow = useCallback(async (): Promise<void> => {
    const { utils, setMeta } = latest.current;
    if (saving.current) return saving.current.then(() => saveNow());
    const { document: current, revision: due, meta: target } = latest.current;
    if (due === savedRevision.current) return;
    // An untouched empty editor is not worth a workflow in the list.
    if (target.id === null && current.nodes.length === 0) {
      setStatus('idle');
      return;
    }
    setStatus('saving');
    const attempt = async (name: string): Promise<void> => {
      try {
        const saved = await utils.client.workflow.save.mutate({ id: target.id ?? undefined, name, document: current });
        savedRevision.current = due;
        setMeta({ id: saved.id, name: saved.name });
        setStatus('saved');
        void utils.workflow.list.invalidate();
      } catch (error) {
        if (target.id === null && isConflict(error)) {
          const taken = (await utils.workflow.list.fetch()).map((workflow) => workflow.name);
          return attempt(freeName(name, taken));
        }
        setStatus('error');
        toastError("Erreur d'enregistrement", error, "Le workflow n'a pas pu être enregistré.");
      }
    };
    saving.current = attempt(target.name).finally(() => {
      saving.current = null;
    });
    await saving.current;
    // Changes made while saving get their own save.
    if (latest.current.revision !== savedRevision.current && latest.current.meta.id !== null) await saveNow();
  }, []);

  useEffect(() => {
    if (revision === savedRevision.current) return;
    setStatus((current) => (current === 'saving' ? current : 'pending'));
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [revision, meta.id, loads, saveNow]);

  // Leaving the page (reload, tab closed, another route) with a save still due.
  useEffect(() => {
    const flush = () => {
      const { document: current, revision: due, meta: target } = latest.current;
      if (due === savedRevision.current || saving.current || (target.id === null && current.nodes.length === 0)) return;
      savedRevision.current = due;
      void closingClient.workflow.save
        .mutate({ id: target.id ?? undefined, name: target.name, document: current })
        .catch(() => undefined);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  /** Another workflow was loaded: nothing to save, or (`unsaved`) everything, as for an import. */
  const reset = useCallback((unsaved: boolean) => {
    savedRevision.current = unsaved ? -1 : 0;
    setStatus('idle');
    setLoads((count) => count + 1);
  }, []);

  /** The workflow is gone (deleted): what was not saved of it is not to be saved. */
  const discard = useCallback(() => {
    savedRevision.current = latest.current.revision;
    setStatus('idle');
  }, []);

  return { status, reset, discard, saveNow };
}

/** A default name for a new workflow, free among the user's. */
export function newWorkflowName(taken: readonly string[]): string {
  const date = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long' }).format(new Date());
  return freeName(workflowNameSchema.parse(`Workflow du ${date}`), taken);
}
