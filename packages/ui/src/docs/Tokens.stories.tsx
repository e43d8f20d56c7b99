import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Heading } from '../components/Heading/Heading';
import { Text } from '../components/Text/Text';
import { breakpoints } from '../theme/breakpoints';
import { vars } from '../theme/contract.css';
import { darkColors, darkShadows } from '../theme/dark.css';
import { lightColors, lightShadows } from '../theme/light.css';
import { sharedTokens } from '../theme/tokens';
import * as styles from './Tokens.css';

type ColorName = keyof typeof vars.color;

/** Colour name → the matching foreground shown on its swatch. */
const onColor: Partial<Record<ColorName, ColorName>> = {
  primary: 'onPrimary',
  primaryHover: 'onPrimary',
  primaryActive: 'onPrimary',
  accent: 'onAccent',
  accentHover: 'onAccent',
  danger: 'onDanger',
  dangerHover: 'onDanger',
  surfaceBrand: 'onSurfaceBrand',
  successBg: 'successFg',
  errorBg: 'errorFg',
  warningBg: 'warningFg',
  infoBg: 'infoFg',
  gold: 'onRank',
  silver: 'onRank',
  bronze: 'onRank',
  highlight: 'onHighlight',
  primarySubtle: 'primaryText',
  accentSubtle: 'text',
};

function Colors() {
  return (
    <section className={styles.section} aria-labelledby="colours">
      <Heading level={2} id="colours">
        Colours
      </Heading>
      <Text tone="muted">
        Read from the theme contract (<code>vars.color</code>) and the two themes that fill it: every value below is the
        one the code uses. Swatches follow the theme chosen in the toolbar; each shows its paired text colour where one
        exists.
      </Text>
      <div className={styles.grid}>
        {(Object.keys(lightColors) as ColorName[]).map((name) => {
          const fg = onColor[name];
          return (
            <div key={name} className={styles.swatch}>
              <div
                className={styles.chip}
                style={{
                  background: vars.color[name],
                  color: fg ? vars.color[fg] : undefined,
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                }}
              >
                {fg ? 'Aa' : null}
              </div>
              <div className={styles.swatchMeta}>
                <strong>{name}</strong>
                <span className={styles.mono}>vars.color.{name}</span>
                <span className={styles.mono}>
                  light {lightColors[name]} · dark {darkColors[name]}
                </span>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}

function Typography() {
  return (
    <section className={styles.section} aria-labelledby="type">
      <Heading level={2} id="type">
        Type scale
      </Heading>
      {(Object.keys(sharedTokens.fontSize) as Array<keyof typeof vars.fontSize>).map((size) => (
        <div key={size} className={styles.row}>
          <span className={styles.label}>
            {size} · {sharedTokens.fontSize[size]}
          </span>
          <span
            style={{ fontSize: vars.fontSize[size], fontFamily: vars.font.heading, fontWeight: 600, lineHeight: 1.2 }}
          >
            Howzat! Sixes and wickets
          </span>
        </div>
      ))}
      {(Object.keys(sharedTokens.fontWeight) as Array<keyof typeof vars.fontWeight>).map((weight) => (
        <div key={weight} className={styles.row}>
          <span className={styles.label}>{weight}</span>
          <span style={{ fontWeight: vars.fontWeight[weight] }}>The quick single turned into a risky second run</span>
        </div>
      ))}
      {(Object.keys(sharedTokens.lineHeight) as Array<keyof typeof vars.lineHeight>).map((lh) => (
        <div key={lh} className={styles.row}>
          <span className={styles.label}>
            lineHeight.{lh} · {sharedTokens.lineHeight[lh]}
          </span>
          <span style={{ lineHeight: vars.lineHeight[lh], maxWidth: 360 }}>
            Two lines of text show the leading: the openers walked out to a full house under lights.
          </span>
        </div>
      ))}
      {(Object.keys(sharedTokens.font) as Array<keyof typeof vars.font>).map((font) => (
        <div key={font} className={styles.row}>
          <span className={styles.label}>font.{font}</span>
          <span style={{ fontFamily: vars.font[font] }}>Fantasy Cricket 0123456789</span>
        </div>
      ))}
    </section>
  );
}

function Spacing() {
  return (
    <section className={styles.section} aria-labelledby="space">
      <Heading level={2} id="space">
        Spacing
      </Heading>
      {(Object.keys(sharedTokens.space) as Array<keyof typeof vars.space>).map((key) => (
        <div key={key} className={styles.row}>
          <span className={styles.label}>
            {key} · {sharedTokens.space[key]}
          </span>
          <div className={styles.bar} style={{ width: vars.space[key] }} />
        </div>
      ))}
    </section>
  );
}

function Radii() {
  return (
    <section className={styles.section} aria-labelledby="radii">
      <Heading level={2} id="radii">
        Radii and shadows
      </Heading>
      <div className={styles.row}>
        {(Object.keys(sharedTokens.radius) as Array<keyof typeof vars.radius>).map((key) => (
          <div key={key} style={{ display: 'grid', gap: 6, justifyItems: 'center' }}>
            <div className={styles.radiusBox} style={{ borderRadius: vars.radius[key] }} />
            <span className={styles.mono}>
              {key} · {sharedTokens.radius[key]}
            </span>
          </div>
        ))}
      </div>
      <div className={styles.row}>
        {(Object.keys(lightShadows) as Array<keyof typeof vars.shadow>).map((key) => (
          <div
            key={key}
            className={styles.shadowBox}
            style={{ boxShadow: vars.shadow[key] }}
            title={`light ${lightShadows[key]} · dark ${darkShadows[key]}`}
          >
            shadow.{key}
          </div>
        ))}
      </div>
      <Heading level={3}>Breakpoints</Heading>
      {Object.entries(breakpoints).map(([key, px]) => (
        <div key={key} className={styles.row}>
          <span className={styles.label}>{key}</span>
          <Text>min-width {px}px</Text>
        </div>
      ))}
    </section>
  );
}

function TouchTargets() {
  return (
    <section className={styles.section} aria-labelledby="touch">
      <Heading level={2} id="touch">
        Touch target
      </Heading>
      <Text tone="muted">
        <code>vars.touchTarget</code> ({sharedTokens.touchTarget}): the smallest box a finger hits reliably (WCAG
        2.5.5). Close and menu buttons are this size everywhere; buttons, fields, checkboxes and links in tables grow to
        it on touch screens (<code>media.touch</code>). A screen's own tappable element reads the same token.
      </Text>
      <div className={styles.row}>
        <div className={styles.touchBox}>44</div>
        <span className={styles.mono}>minHeight: vars.touchTarget, minWidth: vars.touchTarget</span>
      </div>
    </section>
  );
}

const meta = {
  title: 'Foundations/Tokens',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const ColorPalette: Story = { render: () => <Colors /> };
export const TypeScale: Story = { render: () => <Typography /> };
export const SpaceScale: Story = { render: () => <Spacing /> };
export const RadiiAndShadows: Story = { render: () => <Radii /> };
export const TouchTarget: Story = {
  render: () => <TouchTargets />,
  play: async ({ canvas }) => {
    const box = canvas.getByText('44').getBoundingClientRect();
    await expect(box.width).toBe(44);
    await expect(box.height).toBe(44);
  },
};
/** Colours, type, spacing, radii and shadows on one canvas (for the story view and its screenshot); left off the docs page, which already shows each section above. */
export const All: Story = {
  tags: ['!autodocs'],
  render: () => (
    <>
      <Colors />
      <Typography />
      <Spacing />
      <Radii />
    </>
  ),
};
