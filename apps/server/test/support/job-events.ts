/** What a job's event stream says of it. */
export interface Snapshot {
  status: string;
  stage: string;
  attempts?: number;
}

/** Reads the job's server-sent events until one matches. */
export async function eventUntil(
  base: string,
  cookie: string,
  jobId: number,
  done: (snapshot: Snapshot) => boolean,
): Promise<Snapshot> {
  const response = await fetch(`${base}/api/jobs/${jobId}/events`, { headers: { cookie } });
  const decoder = new TextDecoder();
  let buffered = '';
  // Leaving the loop ends the stream.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    const events = buffered.split('\n\n');
    buffered = events.pop() ?? '';
    const found = events
      .map((event) => event.split('data: ')[1])
      .flatMap((data) => (data ? [JSON.parse(data) as Snapshot] : []))
      .find(done);
    if (found) return found;
  }
  throw new Error(`the events of job ${jobId} ended without the expected one`);
}
