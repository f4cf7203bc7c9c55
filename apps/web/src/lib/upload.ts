/** When an upload does not reach the server, or its answer says nothing of use. */
export const UPLOAD_FAILED = "Échec de l'envoi de l'image. Veuillez réessayer.";

/** How much of a request's body has gone: from 0 to 1. */
export type UploadProgress = (sent: number) => void;

/**
 * POSTs the form and resolves to the answer's status and JSON (null when it is not JSON). Through
 * XMLHttpRequest rather than fetch: only it reports the request body's progress as it is sent.
 */
function sendForm(path: string, form: FormData, onProgress?: UploadProgress): Promise<{ ok: boolean; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.responseType = 'json';
    if (onProgress)
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
    request.onload = () => resolve({ ok: request.status >= 200 && request.status < 300, body: request.response });
    request.onerror = request.onabort = request.ontimeout = () => reject(new Error(UPLOAD_FAILED));
    // A request under way when the connection drops can hang for minutes: it is dropped at once, and
    // the caller, seeing the browser offline, says the connection is lost.
    const dropOffline = () => request.abort();
    window.addEventListener('offline', dropOffline);
    request.onloadend = () => window.removeEventListener('offline', dropOffline);
    request.send(form);
  });
}

/**
 * Sends one picture as multipart to a REST upload path and returns its JSON answer; a refusal
 * throws the server's French message. Multipart is the documented form of these paths, so the
 * picture goes as bytes rather than through tRPC's JSON. `onProgress` hears how much has gone.
 */
export async function postImage<T>(
  path: string,
  field: string,
  file: Blob,
  fields: Record<string, string> = {},
  onProgress?: UploadProgress,
): Promise<T> {
  const form = new FormData();
  form.append(field, file, file instanceof File ? file.name : 'image.jpg');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const { ok, body } = await sendForm(path, form, onProgress);
  const answer = body as (T & { message?: unknown }) | null;
  if (!ok || !answer)
    throw new Error(typeof answer?.message === 'string' && answer.message ? answer.message : UPLOAD_FAILED);
  return answer;
}
