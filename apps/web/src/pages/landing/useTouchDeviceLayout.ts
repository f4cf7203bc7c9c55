import { useEffect } from 'react';

const TOUCH_DEVICE = /iPhone|iPad|iPod|Android/i;
export const TOUCH_DEVICE_CLASS = 'landing-touch-device';
/** Mobile browsers settle their toolbars after the first paint: layouts measured then are re-run. */
const RESIZE_DELAY_MS = 100;

/**
 * On phones and tablets the landing page forces vertical scrolling, fills the viewport and keeps
 * clear of the safe areas (styles under `body.landing-touch-device`); leaving the page undoes it.
 */
export function useTouchDeviceLayout(): void {
  useEffect(() => {
    if (!TOUCH_DEVICE.test(navigator.userAgent)) return;
    document.body.classList.add(TOUCH_DEVICE_CLASS);
    const timer = window.setTimeout(() => window.dispatchEvent(new Event('resize')), RESIZE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      document.body.classList.remove(TOUCH_DEVICE_CLASS);
    };
  }, []);
}
