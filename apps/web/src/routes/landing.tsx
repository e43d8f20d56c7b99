import { LandingPage } from '../features/landing/LandingPage';

export default function LandingRoute() {
  return <LandingPage />;
}
