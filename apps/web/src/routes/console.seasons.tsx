import { SeasonsPage } from '../features/console/seasons/SeasonsPage';

export default function ConsoleSeasonsPageRoute() {
  return <SeasonsPage />;
}
