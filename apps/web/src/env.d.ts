/// <reference types="vite/client" />

interface Window {
  /** Set by public/boot.js: replaces the page with a failure screen and a 'Recharger' button. */
  __atelierFail?: (title: string, detail?: string) => void;
  /** True once React has started; fatal errors after that are the error boundary's. */
  __atelierStarted?: boolean;
}
