import { trpc, type RouterOutputs } from './trpc';

export type Operator = RouterOutputs['site']['operator'];

/** Who runs this instance (name, address, e-mail, host), as the server's settings give it. */
export function useOperator() {
  return trpc.site.operator.useQuery(undefined, { staleTime: Infinity });
}
