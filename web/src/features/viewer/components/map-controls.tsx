import AddIcon from '@mui/icons-material/Add';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import LandscapeIcon from '@mui/icons-material/LandscapeOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import NavigationIcon from '@mui/icons-material/Navigation';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewState } from '../../../viewer/map-engine';
import { formatDistance, scaleBar } from '../scale-bar';

type Props = {
  disabled: boolean;
  /** The camera's heading and tilt now (null before the map is ready). */
  view: ViewState | null;
  onHome: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFaceNorth: () => void;
  onTilt: (pitch: number) => void;
};

/** Looking more steeply down than this counts as looking straight down. */
const steep = -80;
/** The tilt the tilt button turns to. */
const tilted = -40;

/** The compass (turns to face north), the tilt toggle, home (the saved view), zoom in and zoom out. */
export function MapControls({ disabled, view, onHome, onZoomIn, onZoomOut, onFaceNorth, onTilt }: Props) {
  const { t } = useTranslation();
  const heading = view?.heading ?? 0;
  const looksDown = (view?.pitch ?? -90) <= steep;
  const buttons: { label: string; icon: ReactElement; onClick: () => void }[] = [
    {
      label: t('viewer.faceNorth'),
      // The needle points north, wherever the map is turned.
      icon: <NavigationIcon sx={{ transform: `rotate(${-heading}deg)`, color: 'error.main' }} />,
      onClick: onFaceNorth,
    },
    looksDown
      ? { label: t('viewer.tilt'), icon: <LandscapeIcon />, onClick: () => onTilt(tilted) }
      : { label: t('viewer.lookDown'), icon: <MapIcon />, onClick: () => onTilt(-90) },
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

/** The scale at the centre of the map: a bar of a round length, at most `maxWidth` pixels. */
export function ScaleBar({ metresPerPixel, maxWidth = 100 }: { metresPerPixel?: number; maxWidth?: number }) {
  const { t, i18n } = useTranslation();
  const bar = scaleBar(metresPerPixel, maxWidth);
  if (!bar) return null;
  const label = formatDistance(bar.metres, i18n.language);
  return (
    <Box
      role="img"
      aria-label={`${t('viewer.scale')}: ${label}`}
      sx={{ px: 1, py: 0.25, bgcolor: 'rgba(0,0,0,0.6)', color: '#fff', fontSize: 12, borderRadius: 0.5 }}
    >
      <Box aria-hidden sx={{ lineHeight: 1.4 }}>
        {label}
      </Box>
      <Box aria-hidden sx={{ width: bar.width, height: 6, border: '2px solid #fff', borderTop: 'none' }} />
    </Box>
  );
}
