import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Under a base layer's name in the editor's tree: base layers are drawn under every
 * other layer whatever their place in the tree, which dragging alone would not tell.
 */
export function BaseLayerNote() {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
      {t('treeDrag.baseNote')}
    </Typography>
  );
}
