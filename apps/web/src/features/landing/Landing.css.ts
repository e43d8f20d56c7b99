import { media, vars } from '@fantasy-cricket/ui';
import { style } from '@vanilla-extract/css';

export const landing = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2xl'],
  width: '100%',
  maxWidth: '72rem',
  marginInline: 'auto',
  paddingBlock: vars.space.md,
});

export const hero = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  alignItems: 'center',
  gap: vars.space.xl,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  background: `linear-gradient(135deg, ${vars.color.primarySubtle} 0%, ${vars.color.surfaceRaised} 55%, ${vars.color.accentSubtle} 100%)`,
  boxShadow: vars.shadow.md,
  '@media': {
    [media.md]: {
      gridTemplateColumns: '1.1fr 0.9fr',
      padding: vars.space['3xl'],
    },
  },
});

export const heroText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  textAlign: 'center',
  alignItems: 'center',
  '@media': { [media.md]: { textAlign: 'start', alignItems: 'flex-start' } },
});

export const eyebrow = style({
  display: 'inline-block',
  paddingInline: vars.space.sm,
  paddingBlock: vars.space['2xs'],
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
});

export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: 'clamp(2rem, 7vw, 3.25rem)',
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  letterSpacing: '-0.02em',
});

export const tagline = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
});

/** The note shown when an invite link is waiting for the login. */
export const invite = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.infoBg,
  color: vars.color.infoFg,
  border: `1px solid ${vars.color.infoBorder}`,
  fontSize: vars.fontSize.sm,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
  width: '100%',
  '@media': { [media.md]: { justifyContent: 'flex-start', width: 'auto' } },
});

export const action = style({
  flex: '1 1 9rem',
  '@media': { [media.md]: { flex: '0 0 auto' } },
});

export const illustration = style({
  width: '100%',
  maxWidth: '26rem',
  height: 'auto',
  justifySelf: 'center',
  filter: 'drop-shadow(0 12px 24px rgba(16, 40, 24, 0.18))',
});

export const features = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.md,
  padding: 0,
  margin: 0,
  listStyle: 'none',
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});

export const feature = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
});

export const featureIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.primarySubtle,
  color: vars.color.primaryText,
  marginBottom: vars.space.xs,
});

export const featureTitle = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const featureText = style({
  margin: 0,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.relaxed,
});
