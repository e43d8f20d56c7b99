import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { sharedTokens } from './tokens';

/** Dark colour palette: floodlit night match. All text pairs ≥ 4.5:1. */
export const darkColors = {
  primary: '#3cc471',
  primaryHover: '#5ad58b',
  primaryActive: '#2fae61',
  onPrimary: '#04200f',
  primarySubtle: '#16382a',
  primaryText: '#72dc9c',
  accent: '#f5c542',
  accentHover: '#f8d46e',
  onAccent: '#221900',
  accentSubtle: '#3a300e',
  surface: '#0c1410',
  surfaceRaised: '#141f19',
  surfaceSunken: '#101a14',
  surfaceHover: '#1c2a22',
  surfaceBrand: '#0a2216',
  onSurfaceBrand: '#f1f7f2',
  text: '#e7efe9',
  textMuted: '#a4b4a9',
  border: '#2a3a31',
  borderStrong: '#6d8276',
  focusRing: '#86b4ff',
  link: '#74dda0',
  linkHover: '#a0eabf',
  danger: '#c73737',
  dangerHover: '#ad2b2b',
  onDanger: '#ffffff',
  successBg: '#0f2d1c',
  successFg: '#93e4b1',
  successBorder: '#2d6a46',
  errorBg: '#381414',
  errorFg: '#ffb4b4',
  errorBorder: '#8a3232',
  warningBg: '#382a09',
  warningFg: '#ffd98c',
  warningBorder: '#86681f',
  infoBg: '#10223f',
  infoFg: '#acc9ff',
  infoBorder: '#33578f',
  gold: '#e8b923',
  silver: '#b9c2cb',
  bronze: '#cd8d55',
  onRank: '#1a1200',
  highlight: '#e9c24c',
  onHighlight: '#1a1400',
  backdrop: 'rgba(0, 0, 0, 0.66)',
} as const;

export const darkShadows = {
  sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
  md: '0 2px 4px rgba(0, 0, 0, 0.3), 0 6px 16px rgba(0, 0, 0, 0.35)',
  lg: '0 12px 32px rgba(0, 0, 0, 0.55), 0 4px 8px rgba(0, 0, 0, 0.3)',
} as const;

export const darkTheme = createTheme(vars, { ...sharedTokens, color: darkColors, shadow: darkShadows }, 'fc-dark');
