import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { financeKeys } from './finance-keys';

/** Edits a package, or puts it on sale and takes it off (isActive). */
export function useUpdateCoinPackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointBody<'adminCoinPackageUpdate'> }) =>
      callApiData('adminCoinPackageUpdate', { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.coinPackages }),
  });
}
