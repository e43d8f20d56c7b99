import { addons } from 'storybook/manager-api';
import { lightBrandTheme } from './theme';

// The product's branding on Storybook itself: title, the kit's logo, pitch green.
addons.setConfig({ theme: lightBrandTheme });
