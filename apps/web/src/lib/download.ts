import { toast } from './toast';

export interface DownloadFile {
  url: string;
  /** The name the browser saves the file under. */
  filename: string;
}

/** Browsers refuse a burst of downloads from one click: each file starts this long after the previous one. */
const DOWNLOAD_STAGGER_MS = 200;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

/** Several files, 200 ms apart, then one toast for all of them. */
export async function downloadFiles(files: readonly DownloadFile[]): Promise<void> {
  const results = await Promise.allSettled(files.map((file, index) => wait(index * DOWNLOAD_STAGGER_MS).then(() => saveFile(file))));
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) {
    toast({ title: 'Erreur de téléchargement', description: `${failed} fichier(s) sur ${files.length} non téléchargé(s)`, variant: 'destructive' });
  } else {
    toast({ title: 'Téléchargement réussi', description: `${files.length} fichier(s) téléchargé(s)` });
  }
}
