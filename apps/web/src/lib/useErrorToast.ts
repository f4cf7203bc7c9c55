import { useEffect } from 'react';
import { toast } from './toast';
import { errorMessage } from './trpc';

/** A destructive toast for a failed call: the server's French message, or `fallback` when it sent none. */
export function toastError(title: string, error: unknown, fallback = ''): void {
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}

/** A destructive toast each time a query fails, titled as the spec's catalogue says. */
export function useErrorToast(error: unknown, title: string): void {
  useEffect(() => {
    if (error) toastError(title, error);
  }, [error, title]);
}
