import type { Import } from '@inkwell/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { uploadFiles } from '../../../../lib/upload';

const importKeys = {
  list: ['team', 'imports'] as const,
  one: (id: string) => ['team', 'imports', id] as const,
};

/** Still at work: the page asks again every second (issue 37 §1). */
export const isImportRunning = (status: Import['status']) => status === 'queued' || status === 'running';

/** The caller's recent imports (a member's only into their series), without their items. */
export function useImports() {
  return useQuery(
    queryOptions({
      queryKey: importKeys.list,
      queryFn: ({ signal }) => callApiData('teamImports', { signal }),
      refetchInterval: (query) => (query.state.data?.some((item) => isImportRunning(item.status)) ? 3000 : false),
    }),
  );
}

/** One import with its items, asked again each second while it is queued or running. */
export function useImport(id: string | null) {
  const client = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: importKeys.one(id ?? ''),
      queryFn: async ({ signal }) => {
        const found = await callApiData('teamImport', { params: { id: id! }, signal });
        // Its line in the list follows it.
        if (!isImportRunning(found.status)) void client.invalidateQueries({ queryKey: importKeys.list, exact: true });
        return found;
      },
      enabled: !!id,
      retry: false,
      refetchInterval: (query) => (query.state.data && !isImportRunning(query.state.data.status) ? false : 1000),
    }),
  );
}

export interface ImportUpload {
  file: File;
  /** One .cbz/.epub into this series; none: a .zip of series folders. */
  seriesId?: string | undefined;
  publish: boolean;
  onProgress?: (fraction: number) => void;
}

/** Sends the file; the answer is the import, queued, which the page then follows. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, seriesId, publish, onProgress }: ImportUpload) =>
      uploadFiles('teamImportCreate', {
        params: {} as never,
        files: [{ field: 'file', file }],
        fields: { ...(seriesId ? { seriesId } : {}), publish: String(publish) },
        ...(onProgress ? { onProgress } : {}),
      }).then((body) => body.data),
    onSuccess: (started) => {
      client.setQueryData(importKeys.one(started.id), started);
      void client.invalidateQueries({ queryKey: importKeys.list, exact: true });
    },
  });
}
