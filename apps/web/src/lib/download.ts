import { toast } from './toast';

export interface DownloadFile {
  url: string;
  /** The name the browser saves the file under. */
  filename: string;
}

/** Fetches the file with the session cookie (private media) and hands it to the browser as a download. */
async function saveFile({ url, filename }: DownloadFile): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  saveBlob(await response.blob(), filename);
}

/** Hands content made in the page (an export) to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel a download the browser has not started reading yet.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** One file, its outcome told by a toast; `failureTitle` names what could not be downloaded. */
export async function downloadFile(file: DownloadFile, failureTitle = 'Erreur de téléchargement'): Promise<void> {
  try {
    await saveFile(file);
    toast({ title: 'Téléchargement réussi', description: file.filename });
  } catch {
    toast({ title: failureTitle, variant: 'destructive' });
  }
}

/** The same name twice in one archive would hide a file: the second becomes "name-2.jpg". */
function uniqueNames(files: readonly DownloadFile[]): string[] {
  const seen = new Map<string, number>();
  return files.map(({ filename }) => {
    const count = (seen.get(filename) ?? 0) + 1;
    seen.set(filename, count);
    return count === 1 ? filename : filename.replace(/(\.[^.]+)?$/, (extension) => `-${count}${extension}`);
  });
}

/** Several files as one ZIP (a browser lets a page start one download per click), then one toast. */
export async function downloadFiles(files: readonly DownloadFile[]): Promise<void> {
  const names = uniqueNames(files);
  const fetched = await Promise.allSettled(
    files.map(async ({ url }, index) => {
      const response = await fetch(url, { credentials: 'include' });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      return { name: names[index]!, input: await response.blob() };
    }),
  );
  const entries = fetched.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = files.length - entries.length;
  if (entries.length > 0) {
    const { downloadZip } = await import('client-zip');
    saveBlob(await downloadZip(entries).blob(), `atelier-${isoDate(new Date())}.zip`);
  }
  if (failed > 0) {
    toast({
      title: 'Erreur de téléchargement',
      description: `${failed} fichier(s) sur ${files.length} non téléchargé(s)`,
      variant: 'destructive',
    });
  } else {
    toast({ title: 'Téléchargement réussi', description: `${files.length} fichier(s) téléchargé(s)` });
  }
}

/** A day as the file names write it: 2026-11-23. */
export const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
