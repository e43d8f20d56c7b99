import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

/** Each screen is its own chunk (React.lazy), so the landing page stays small. */
export function screen(load: () => Promise<{ default: ComponentType }>): RouteObject['element'] {
  const Screen = lazy(load);
  return <Screen />;
}
