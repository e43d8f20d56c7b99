import { forwardRef, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import { DownloadIcon } from '../_internal/icons';
import { Modal } from '../Modal/Modal';
import { TextLink } from '../TextLink/TextLink';
import * as styles from './PdfViewerModal.css';

export interface PdfViewerModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** URL of the PDF. */
  src: string;
  /** File name offered by the download links (e.g. 'Terms-and-Conditions.pdf'). */
  downloadName: string;
  className?: string;
}

/**
 * Shows a PDF inside a large modal with the browser's viewer. Where inline PDFs
 * are not supported (many phones), a message and a download link show instead.
 * A Download button is always in the footer.
 */
export const PdfViewerModal = forwardRef<HTMLDivElement, PdfViewerModalProps>(function PdfViewerModal(
  { open, onOpenChange, title, src, downloadName, className },
  ref,
) {
  return (
    <Modal
      ref={ref}
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="xl"
      className={className}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button asChild>
            <a href={src} download={downloadName}>
              <DownloadIcon size={18} />
              Download PDF
            </a>
          </Button>
        </>
      }
    >
      <object
        type="application/pdf"
        data={src}
        className={styles.frame}
        aria-label={typeof title === 'string' ? title : 'PDF document'}
      >
        <div className={styles.fallback}>
          <p className={styles.fallbackText}>Your browser can’t show this PDF here. Download it to read it.</p>
          <TextLink href={src} download={downloadName}>
            Download {downloadName}
          </TextLink>
        </div>
      </object>
    </Modal>
  );
});
PdfViewerModal.displayName = 'PdfViewerModal';
