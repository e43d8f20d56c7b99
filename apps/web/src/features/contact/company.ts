/** Who runs Fantasy Cricket and how to reach us (also printed in the legal documents). */
export const company = {
  name: 'Fantasy Cricket Ltd',
  addressLines: ['Unit 11, The Pavilion', '22 Boundary Road', 'London NW8 0QU', 'United Kingdom'],
  email: 'support@fantasycricket.app',
  hours: 'Monday to Friday, 9:00–17:30 UK time',
} as const;
