import { ContactPage } from '../features/contact/ContactPage';

export default function ContactRoute() {
  return <ContactPage />;
}
