/** When an upload does not reach the server, or its answer says nothing of use. */
export const UPLOAD_FAILED = "Échec de l'envoi de l'image. Veuillez réessayer.";

/**
 * Sends one picture as multipart to a REST upload path and returns its JSON answer; a refusal
 * throws the server's French message. Multipart is the documented form of these paths, so the
 * picture goes as bytes rather than through tRPC's JSON.
 */
export async function postImage<T>(
  path: string,
  field: string,
  file: Blob,
  fields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData();
  form.append(field, file, file instanceof File ? file.name : 'image.jpg');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body: form, credentials: 'include' });
  } catch {
    throw new Error(UPLOAD_FAILED);
  }
  const body = (await response.json().catch(() => null)) as (T & { message?: unknown }) | null;
  if (!response.ok || !body)
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : UPLOAD_FAILED);
  return body;
}
