import { Button } from '@fantasy-cricket/ui';
import { useState } from 'react';
import { notify } from '../../shared/notify';
import { downloadSheet, type ExportFormat } from './export';
import type { ExportSheet } from './standings';

export const EXPORT_FAILED = 'The file could not be created. Please try again.';

/** The two download buttons of a score modal: `<baseName>.csv` and `<baseName>.xlsx`. */
export function ExportButtons({ sheet, baseName }: { sheet: ExportSheet | null; baseName: string }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    if (!sheet) return;
    setBusy(format);
    try {
      await downloadSheet(sheet, baseName, format);
    } catch (error) {
      console.error('Export failed', error);
      notify('error', EXPORT_FAILED);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        disabled={!sheet || busy !== null}
        loading={busy === 'csv'}
        onClick={() => void run('csv')}
      >
        Export CSV ({baseName}.csv)
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={!sheet || busy !== null}
        loading={busy === 'xlsx'}
        onClick={() => void run('xlsx')}
      >
        Export Excel ({baseName}.xlsx)
      </Button>
    </>
  );
}
