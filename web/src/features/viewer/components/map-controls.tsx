import AddIcon from '@mui/icons-material/Add';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

type Props = { disabled: boolean; onHome: () => void; onZoomIn: () => void; onZoomOut: () => void };

/** Home (the saved view), zoom in and zoom out. */
export function MapControls({ disabled, onHome, onZoomIn, onZoomOut }: Props) {
  const { t } = useTranslation();
  const buttons = [
    { label: t('viewer.home'), icon: <HomeIcon />, onClick: onHome },
    { label: t('viewer.zoomIn'), icon: <AddIcon />, onClick: onZoomIn },
    { label: t('viewer.zoomOut'), icon: <RemoveIcon />, onClick: onZoomOut },
  ];
  return (
    <Paper elevation={3} sx={{ display: 'flex', flexDirection: 'column', borderRadius: 2 }}>
      {buttons.map(({ label, icon, onClick }) => (
        <Tooltip key={label} title={label} placement="left">
          <span>
            <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
              {icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Paper>
  );
}
