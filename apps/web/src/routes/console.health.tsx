import { DataHealthPage } from '../features/console/health/DataHealthPage';

export default function ConsoleDataHealthPageRoute() {
  return <DataHealthPage />;
}
