import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { financeKeys } from './finance-keys';

export function useCreatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<'adminPlanCreate'>) => callApiData('adminPlanCreate', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.plans }),
  });
}
