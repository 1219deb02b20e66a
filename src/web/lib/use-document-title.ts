import { documentTitle } from '@shared/rules/shell';
import { useEffect } from 'react';

/** "{page} | 無限 Mugen", or "無限 Mugen" without a page title. */
export function useDocumentTitle(page?: string | null) {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
