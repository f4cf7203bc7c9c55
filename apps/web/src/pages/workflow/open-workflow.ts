/** Where the editor keeps the id of the workflow it has open, so a reload reopens that one. */
const OPEN_WORKFLOW_KEY = 'openWorkflowId';

export function rememberOpenWorkflow(id: number): void {
  localStorage.setItem(OPEN_WORKFLOW_KEY, String(id));
}

/** The remembered id; anything else stored there (edited by hand, say) is dropped. */
export function openWorkflowId(): number | undefined {
  const id = Number(localStorage.getItem(OPEN_WORKFLOW_KEY));
  if (Number.isSafeInteger(id) && id > 0) return id;
  localStorage.removeItem(OPEN_WORKFLOW_KEY);
  return undefined;
}
