export * from './constants';
export { messages } from './messages';
export { commonMessages } from './messages/common';
export { landingMessages } from './messages/landing';
export { shellMessages } from './messages/shell';
export * from './text';
export * from './validation';
export * from './leagues';
export * from './picks';
