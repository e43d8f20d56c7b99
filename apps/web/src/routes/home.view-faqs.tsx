import { FaqPage } from '../features/faq/FaqPage';

export default function ViewFaqsRoute() {
  return <FaqPage />;
}
