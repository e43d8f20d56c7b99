import { OperatorsPage } from '../features/console/operators/OperatorsPage';

export default function ConsoleOperatorsPageRoute() {
  return <OperatorsPage />;
}
