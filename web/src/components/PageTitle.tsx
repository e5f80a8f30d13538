import { useEffect } from 'react';

/** The browser tab names the page (people keep several open). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Appraisal Orders`;
  }, [title]);
}
