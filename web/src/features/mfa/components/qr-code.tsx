import { limits } from '@geows/contract';
import Box from '@mui/material/Box';
import { QRCodeSVG } from 'qrcode.react';

/**
 * The otpauth URI as a QR code (size 200, level H: docs/product.md, "Limits"). Always
 * dark on white, with a quiet zone, so cameras read it in the dark theme too. Loaded on
 * demand: the code library is only needed while setting up the app method.
 */
export default function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 2, lineHeight: 0, width: 'fit-content' }}>
      <QRCodeSVG
        value={value}
        title={label}
        size={limits.qrCodeSize}
        level="H"
        bgColor="#ffffff"
        fgColor="#000000"
      />
    </Box>
  );
}
