import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { sharedTokens } from './tokens';

/** Light colour palette: white cards on a faint pitch-green page. All text pairs ≥ 4.5:1. */
export const lightColors = {
  primary: '#15763c',
  primaryHover: '#106333',
  primaryActive: '#0b5029',
  onPrimary: '#ffffff',
  primarySubtle: '#e2f2e7',
  primaryText: '#0f6532',
  accent: '#f2b705',
  accentHover: '#dda702',
  onAccent: '#2a1f00',
  accentSubtle: '#fff3cc',
  surface: '#f3f6f2',
  surfaceRaised: '#ffffff',
  surfaceSunken: '#edf2ec',
  surfaceHover: '#e5ede4',
  surfaceBrand: '#0e3b23',
  onSurfaceBrand: '#ffffff',
  text: '#14231a',
  textMuted: '#4a5a50',
  border: '#d8e1d9',
  borderStrong: '#7a897f',
  focusRing: '#1d5fd6',
  link: '#0d6431',
  linkHover: '#084a23',
  danger: '#c42b2b',
  dangerHover: '#a32020',
  onDanger: '#ffffff',
  successBg: '#e5f4ea',
  successFg: '#13502b',
  successBorder: '#94cfa8',
  errorBg: '#fdeceb',
  errorFg: '#9a1b1b',
  errorBorder: '#eea4a4',
  warningBg: '#fff3d4',
  warningFg: '#704400',
  warningBorder: '#ebc76a',
  infoBg: '#e8f0fc',
  infoFg: '#1c4788',
  infoBorder: '#a7c2ee',
  gold: '#f2c230',
  silver: '#d0d7de',
  bronze: '#dc9f69',
  onRank: '#1f1600',
  highlight: '#ffe27a',
  onHighlight: '#241a00',
  backdrop: 'rgba(8, 22, 14, 0.55)',
} as const;

export const lightShadows = {
  sm: '0 1px 2px rgba(16, 40, 24, 0.08)',
  md: '0 2px 4px rgba(16, 40, 24, 0.06), 0 6px 16px rgba(16, 40, 24, 0.08)',
  lg: '0 12px 32px rgba(16, 40, 24, 0.18), 0 4px 8px rgba(16, 40, 24, 0.08)',
} as const;

export const lightTheme = createTheme(vars, { ...sharedTokens, color: lightColors, shadow: lightShadows }, 'fc-light');
