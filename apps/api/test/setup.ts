import { registerResultSubscribers } from '../src/app';

// What follows a result (re-scoring, standings, result emails): the app's subscribers, registered
// for every test file as the app and the CLI register them, so a test that imports without building
// an app gets the same pipeline (src/results/pipeline.ts).
registerResultSubscribers();
