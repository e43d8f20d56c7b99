export * from './constants';
export { messages } from './messages';
export * from './validation';
export * from './leagues';
export * from './picks';
