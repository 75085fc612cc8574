import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, pathOf, toApiError } from '@/lib/api-client.ts';

/** Where "Download my data" reads: the server sends the file as it reads it. */
export const dataExportUrl = pathOf('GET /api/v1/profile/export', {});

export const downloadTexts = {
  cutOff: 'The download stopped before the end, so we did not save it. Please try again.',
} as const;

const FALLBACK_NAME = 'my-data.json';

const cutOff = () => new ApiError({ code: 'NETWORK', message: downloadTexts.cutOff, status: 0 });

/**
 * The whole file, read before anything is saved: a refusal (a few downloads an hour) comes back as its message,
 * and a file the connection cut midway is never saved as if it were whole.
 * @throws ApiError
 */
export async function fetchMyData(): Promise<{ file: Blob; name: string }> {
  let response: Response;
  try {
    response = await fetch(dataExportUrl, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError({ code: 'NETWORK', message: NETWORK_ERROR_MESSAGE, status: 0 });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response, body);
  }
  let file: Blob;
  try {
    file = await response.blob();
  } catch {
    throw cutOff();
  }
  // the document ends with its closing brace: a connection that ended early sent none
  if ((await file.slice(-1).text()) !== '}') throw cutOff();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { file, name: name ?? FALLBACK_NAME };
}

/** Hands the file to the browser's downloads. */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // the click has started the download; give the browser a moment before the URL goes
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const { file, name } = await fetchMyData();
      saveFile(file, name);
    },
  });
}
