/** The colours features are drawn in when their layer's template names none (CSS colours). */
export const defaultFeatureColours = {
  fill: 'rgba(255, 109, 0, 0.35)',
  outline: '#ff6d00',
} as const;
