import { PricesPage } from '../features/console/prices/PricesPage';

export default function ConsolePricesPageRoute() {
  return <PricesPage />;
}
