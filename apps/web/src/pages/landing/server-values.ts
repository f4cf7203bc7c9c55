import { engineNameOf, type EngineName } from '../../lib/engine-name';
import { useServerAnswer } from './useServerAnswer';

/** The image engine the service runs; the local engine, the default, until it is known. */
export function useEngineName(): EngineName {
  const answer = useServerAnswer('media.engine') as { engine?: string } | undefined;
  return engineNameOf(answer?.engine);
}

/** Whether the server takes payments (it has Stripe keys); open until it says otherwise. */
export function usePaymentsOpen(): boolean {
  const answer = useServerAnswer('payments.config') as { publishableKey?: string | null } | undefined;
  return answer === undefined || Boolean(answer.publishableKey);
}
