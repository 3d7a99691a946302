/**
 * Reads a file of a build another origin hosts (docs/RELEASES.md "Releases hosted elsewhere"):
 * the registry reads a hosted release's manifest and remote entry when it is registered and again
 * before it goes live. Only the origins the caller allows are asked (it checks them first); no
 * redirect is followed (it could lead anywhere), and each read is bounded in time and size.
 */

/** The bytes at `url`; throws an Error whose message says what went wrong, to show the caller. */
export type HostedFileReader = (url: string) => Promise<Buffer>;

export function createHostedFileReader({ timeoutMs = 10_000, maxBytes = 10 * 1024 * 1024 }: { timeoutMs?: number; maxBytes?: number } = {}): HostedFileReader {
  return async (url) => {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new Error(error instanceof Error && error.name === 'TimeoutError' ? `did not answer within ${timeoutMs / 1000} s` : 'could not be reached', { cause: error });
    }
    if (response.status >= 300 && response.status < 400) throw new Error(`redirects (${response.status}); register the URL it serves the file at`);
    if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
    const chunks: Buffer[] = [];
    let size = 0;
    // Read chunk by chunk (not `for await`, which the DOM's stream type does not declare) to stop at the limit.
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new Error(`is larger than ${maxBytes / 1024 / 1024} MB`);
      }
      chunks.push(Buffer.from(read.value));
    }
    return Buffer.concat(chunks);
  };
}
