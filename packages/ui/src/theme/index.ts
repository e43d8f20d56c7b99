// The theme: contract (`vars`), the light and dark theme classes, breakpoints and shared tokens.
// Its stylesheet (`@fantasy-cricket/ui/theme.css`) holds the two theme classes and their base colours.
import './theme.css';

export { vars } from './contract.css';
export type { Vars, SpaceToken } from './contract.css';
export { lightTheme, lightColors } from './light.css';
export { darkTheme, darkColors } from './dark.css';
export { breakpoints, media } from './breakpoints';
export type { Breakpoint } from './breakpoints';
export { sharedTokens } from './tokens';
