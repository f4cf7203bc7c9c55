import { createContext, useContext } from 'react';

export type StudioLayout = 'desktop' | 'mobile';

/** Below this width the phone screen is shown (the spec's mobile transform screen). */
export const PHONE_QUERY = '(max-width: 768px)';

export const StudioLayoutContext = createContext<StudioLayout>('desktop');

export const useIsPhone = () => useContext(StudioLayoutContext) === 'mobile';
