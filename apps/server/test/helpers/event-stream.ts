/**
 * Opens the signed-in user's event stream and collects the events of one name as they arrive.
 * `contentType` is the stream's content type once it answers; `close` ends it and waits for the reader.
 */
export function openEventStream(baseUrl: string, cookie: string, eventName: string) {
  const controller = new AbortController();
  const events: string[] = [];
  let contentType: string | null = null;
  const done = fetch(`${baseUrl}/api/v1/wallet/events`, { headers: { cookie }, signal: controller.signal })
    .then(async (response) => {
      contentType = response.headers.get('content-type');
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        events.push(
          ...decoder
            .decode(chunk.value as Uint8Array)
            .split('\n\n')
            .filter((event) => event.startsWith(`event: ${eventName}`)),
        );
      }
    })
    .catch(() => undefined);
  return {
    events,
    contentType: () => contentType,
    close: async () => {
      controller.abort();
      await done;
    },
  };
}
