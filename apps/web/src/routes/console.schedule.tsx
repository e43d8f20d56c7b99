import { ScheduleSquadsPage } from '../features/console/schedule/ScheduleSquadsPage';

export default function ConsoleScheduleSquadsPageRoute() {
  return <ScheduleSquadsPage />;
}
