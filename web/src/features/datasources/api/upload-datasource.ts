import { datasourcesApi, type UploadResult } from '@geows/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { notifyUnauthorized } from '../../../api/client';
import { getToken } from '../../../api/token-storage';
import { datasourceKeys } from './datasource-keys';

export type UploadInput = { file: File; name: string; account: number };

/**
 * `POST /api/datasources/upload` (multipart: `name`, `account`, `file`): a GeoJSON file or a
 * CSV with latitude/longitude columns becomes a `geojson` data source. Sent with
 * XMLHttpRequest, not `fetch`, because only it reports the upload's progress; `onProgress`
 * gets the share sent, 0 to 1. Errors are `ApiError`s as `callApi` throws them: 400
 * `{"file": [...]}` naming the line or feature, 413 `{"detail"}` above the size limit. The
 * answer is the new source with a summary of what the file held.
 */
export function uploadDatasource(
  { file, name, account }: UploadInput,
  onProgress: (fraction: number) => void = () => {},
): Promise<UploadResult> {
  const form = new FormData();
  // The fields first, the file last: the server reads the parts in order.
  form.append('name', name);
  form.append('account', String(account));
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(datasourcesApi.upload.method, datasourcesApi.upload.path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status === 401) notifyUnauthorized(token);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, body));
        return;
      }
      try {
        onProgress(1);
        resolve(datasourcesApi.upload.response.parse(body));
      } catch (error) {
        reject(error);
      }
    };
    // No answer at all: the same TypeError `fetch` gives, shown as "could not be reached".
    xhr.onerror = () => reject(new TypeError('Failed to upload'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(form);
  });
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Uploads a file with its progress, then reloads the data source lists. */
export function useUploadDatasource(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadDatasource(input, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasourceKeys.lists() }),
  });
}
