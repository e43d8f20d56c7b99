import { Navigate, useParams } from 'react-router-dom';
import { ImportRunPage } from '../features/console/imports/ImportRunPage';

export default function ConsoleImportRunRoute() {
  const id = Number(useParams().importRunId);
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/console/imports" replace />;
  return <ImportRunPage key={id} importRunId={id} />;
}
