import { useEffect } from 'react';

export const APP_NAME = 'Fantasy Cricket';

/** Sets the tab title of a screen: "Log In · Fantasy Cricket". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
