import { ImportHistoryPage } from '../features/console/imports/ImportHistoryPage';

export default function ConsoleImportHistoryPageRoute() {
  return <ImportHistoryPage />;
}
