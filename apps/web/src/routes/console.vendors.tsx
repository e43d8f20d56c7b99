import { VendorsPage } from '../features/console/vendors/VendorsPage';

export default function ConsoleVendorsPageRoute() {
  return <VendorsPage />;
}
