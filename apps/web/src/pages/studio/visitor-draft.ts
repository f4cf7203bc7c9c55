import type { ColorChoices, Selection } from '@atelier/catalog';
import { del, get, set } from 'idb-keyval';
import type { AiMode, GenerationMode } from './state';

/**
 * A visitor's work in the studio, kept while they sign in or sign up: the picture (the file itself,
 * in IndexedDB, which holds a 10 MB Blob where sessionStorage would not) and their choices.
 */
export interface StudioDraft {
  /** A file the visitor picked, or the address of a picture the server serves. */
  image: Blob | string | null;
  selection: Selection;
  colors: ColorChoices;
  generationMode: GenerationMode;
  aiMode: AiMode;
}

interface StoredDraft extends StudioDraft {
  savedAt: number;
}

const DRAFT_KEY = 'atelier-studio-draft';

/** A draft older than this is someone else's forgotten visit on a shared computer, not this one's. */
const DRAFT_LIFETIME_MS = 30 * 60 * 1000;

export async function saveDraft(draft: StudioDraft): Promise<void> {
  await set(DRAFT_KEY, { ...draft, savedAt: Date.now() } satisfies StoredDraft);
}

let taking: Promise<StudioDraft | null> | null = null;

/** The draft left before signing in, removed as it is read (one read for calls made meanwhile). */
export function takeDraft(): Promise<StudioDraft | null> {
  taking ??= (async () => {
    const stored = await get<StoredDraft>(DRAFT_KEY).catch(() => undefined);
    if (!stored) return null;
    await del(DRAFT_KEY).catch(() => undefined);
    if (Date.now() - stored.savedAt > DRAFT_LIFETIME_MS) return null;
    const { savedAt: _savedAt, ...draft } = stored;
    return draft;
  })().finally(() => {
    taking = null;
  });
  return taking;
}
