import { useState } from 'react';
import { callFailure } from '../../../lib/failure';
import { saveDocumentFile } from '../../documents/api';
import { estimateCsvUrl, estimatePdfUrl } from '../estimates-query';

/** Which files an export downloads: the quote as a PDF, and its lines as CSV too on the estimate page. */
export type EstimateExport = 'pdf' | 'pdf+csv';

/**
 * GET /api/estimates/{id}/pdf (and /csv), fetched with the bearer token (a plain link would not carry it)
 * and saved under the name the server gives. A failure is a toast.
 */
export function useEstimateDownload() {
  const [busy, setBusy] = useState(false);
  const download = async (id: number, files: EstimateExport) => {
    setBusy(true);
    try {
      await saveDocumentFile(estimatePdfUrl(id), `estimate-${id}.pdf`);
      if (files === 'pdf+csv') await saveDocumentFile(estimateCsvUrl(id), `estimate-${id}.csv`);
      return true;
    } catch (error) {
      callFailure(error, 'Export Failed', 'The file could not be downloaded. Please try again.');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
