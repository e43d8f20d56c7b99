import { TermsPage } from '../features/legal/TermsPage';

export default function TermsRoute() {
  return <TermsPage />;
}
