/**
 * The niceness of the threads that run CPU-bound work (models, styles): below the server's own
 * threads (0), above nothing else's idle work (19). On Linux a priority set from a thread is that
 * thread's alone, so the event loop keeps answering while they run on a busy machine.
 */
export const BACKGROUND_NICENESS = 10;
