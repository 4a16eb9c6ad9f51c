import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { financeKeys } from './finance-keys';

/** Changes a plan's terms that may change (never its price or interval), or archives and restores it. */
export function useUpdatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointBody<'adminPlanUpdate'> }) =>
      callApiData('adminPlanUpdate', { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.plans }),
  });
}
