import { useEffect } from 'react';
import { toast } from './toast';
import { errorMessage } from './trpc';

/** A destructive toast each time a query fails, titled as the spec's catalogue says. */
export function useErrorToast(error: unknown, title: string): void {
  useEffect(() => {
    if (error) toast({ title, description: errorMessage(error, ''), variant: 'destructive' });
  }, [error, title]);
}
