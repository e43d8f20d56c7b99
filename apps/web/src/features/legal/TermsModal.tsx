import { PdfViewerModal } from '@fantasy-cricket/ui';
import { legalDocuments } from './documents';

/** The Terms and Conditions PDF in a modal, with a download link for browsers that cannot show it. */
export function TermsModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const doc = legalDocuments.terms;
  return (
    <PdfViewerModal
      open={open}
      onOpenChange={onOpenChange}
      title={doc.title}
      src={doc.src}
      downloadName={doc.downloadName}
    />
  );
}
