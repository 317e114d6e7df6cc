import { type ColorBy, styleLimits } from '@geows/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttributeField } from './attribute-field';
import {
  type Attributes,
  type ClassMethod,
  type ColourRamp,
  categoryColour,
  classBreaks,
  classMethods,
  colourRamps,
  numbersOf,
  rampColours,
  uniqueValues,
} from './classify';
import { ColourInput } from './colour-field';
import { readColour, writeColour } from './css-colour';

type Props = {
  colorBy: ColorBy | undefined;
  rows: readonly Attributes[] | undefined;
  attributes: readonly string[];
  /** Class colours take the fill's opacity: one slider for every fill. */
  alpha: number;
  onChange: (colorBy: ColorBy | undefined) => void;
};

type Mode = 'none' | ColorBy['by'];

/** Colours by an attribute: a colour per unique value, or per range of a number (class breaks on a ramp). */
export function ColourBySection({ colorBy, rows, attributes, alpha, onChange }: Props) {
  const { t } = useTranslation();
  const mode: Mode = colorBy?.by ?? 'none';
  const property = colorBy?.property ?? '';
  const paint = (hex: string) => writeColour({ hex, alpha });
  const setMode = (next: Mode) => {
    if (next === 'none') onChange(undefined);
    else if (next === 'category') onChange({ by: 'category', property, categories: [] });
    else onChange({ by: 'range', property, ranges: [] });
  };
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        label={t('style.colourBy')}
        value={mode}
        onChange={(event) => setMode(event.target.value as Mode)}
      >
        <MenuItem value="none">{t('style.colourByNone')}</MenuItem>
        <MenuItem value="category">{t('style.colourByCategory')}</MenuItem>
        <MenuItem value="range">{t('style.colourByRange')}</MenuItem>
      </TextField>
      {colorBy && (
        <AttributeField
          label={t('style.attribute')}
          value={property}
          attributes={attributes}
          onChange={(name) => onChange({ ...colorBy, property: name })}
        />
      )}
      {colorBy?.by === 'category' && (
        <Categories colorBy={colorBy} rows={rows} paint={paint} onChange={onChange} />
      )}
      {colorBy?.by === 'range' && <Ranges colorBy={colorBy} rows={rows} paint={paint} onChange={onChange} />}
    </Stack>
  );
}

type ClassProps<B extends ColorBy['by']> = {
  colorBy: Extract<ColorBy, { by: B }>;
  rows: readonly Attributes[] | undefined;
  paint: (hex: string) => string;
  onChange: (colorBy: ColorBy) => void;
};

const fallbackColour = { hex: '#000000', alpha: 1 };

function Categories({ colorBy, rows, paint, onChange }: ClassProps<'category'>) {
  const { t } = useTranslation();
  const [found, setFound] = useState<{ shown: number; total: number } | null>(null);
  const { categories } = colorBy;
  const set = (next: typeof categories) => onChange({ ...colorBy, categories: next });
  const addAll = () => {
    if (!rows) return;
    const { values, total } = uniqueValues(rows, colorBy.property, styleLimits.categories);
    set(values.map((value, i) => ({ value, color: paint(categoryColour(i)) })));
    setFound({ shown: values.length, total });
  };
  return (
    <Stack spacing={1}>
      <Box>
        <Button size="small" variant="outlined" onClick={addAll} disabled={!rows || colorBy.property === ''}>
          {t('style.addAllValues')}
        </Button>
        {found && (
          <Typography
            variant="caption"
            color="textSecondary"
            sx={{ display: 'block', mt: 0.5 }}
            role="status"
          >
            {found.total > found.shown
              ? t('style.valuesCapped', { shown: found.shown, total: found.total })
              : t('style.valuesFound', { count: found.total })}
          </Typography>
        )}
      </Box>
      <Box component="ul" aria-label={t('style.categories')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {categories.map((category, index) => (
          <Box
            component="li"
            // Values may repeat while being typed: the position keeps each row's identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
            key={index}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
          >
            <ColourInput
              label={t('style.colourOf', { value: category.value || t('style.emptyValue') })}
              value={readColour(category.color) ?? fallbackColour}
              onChange={(hex) =>
                set(categories.map((c, i) => (i === index ? { ...c, color: paint(hex) } : c)))
              }
            />
            <TextField
              size="small"
              label={t('style.value')}
              value={category.value}
              onChange={(event) =>
                set(categories.map((c, i) => (i === index ? { ...c, value: event.target.value } : c)))
              }
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <IconButton
              size="small"
              aria-label={t('style.removeValue', { value: category.value || t('style.emptyValue') })}
              onClick={() => set(categories.filter((_, i) => i !== index))}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={categories.length >= styleLimits.categories}
          onClick={() => set([...categories, { value: '', color: paint(categoryColour(categories.length)) }])}
        >
          {t('style.addValue')}
        </Button>
      </Box>
    </Stack>
  );
}

function Ranges({ colorBy, rows, paint, onChange }: ClassProps<'range'>) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<ClassMethod>('equal-interval');
  const [count, setCount] = useState(5);
  const [ramp, setRamp] = useState<ColourRamp>('reds');
  const { ranges } = colorBy;
  const set = (next: typeof ranges) => onChange({ ...colorBy, ranges: next });
  const numbers = rows && colorBy.property ? numbersOf(rows, colorBy.property) : [];
  const classify = () => {
    const breaks = classBreaks(numbers, method, count);
    const colours = rampColours(ramp, breaks.length);
    set(breaks.map((range, i) => ({ ...range, color: paint(colours[i] ?? '#000000') })));
  };
  const bound = (index: number, key: 'min' | 'max', text: string) => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) return;
    set(ranges.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  };
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('style.method')}
          value={method}
          onChange={(event) => setMethod(event.target.value as ClassMethod)}
          sx={{ flex: '1 1 150px' }}
        >
          {classMethods.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`style.methods.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('style.classes')}
          value={count}
          onChange={(event) => setCount(Number(event.target.value))}
          sx={{ flex: '0 1 96px' }}
        >
          {[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('style.ramp')}
          value={ramp}
          onChange={(event) => setRamp(event.target.value as ColourRamp)}
          sx={{ flex: '1 1 150px' }}
        >
          {(Object.keys(colourRamps) as ColourRamp[]).map((r) => (
            <MenuItem key={r} value={r}>
              <Box
                aria-hidden
                sx={{
                  width: 48,
                  height: 12,
                  mr: 1,
                  borderRadius: 0.5,
                  background: `linear-gradient(to right, ${colourRamps[r].join(', ')})`,
                }}
              />
              {t(`style.ramps.${r}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box>
        <Button size="small" variant="outlined" onClick={classify} disabled={numbers.length === 0}>
          {t('style.classify')}
        </Button>
        {rows && colorBy.property !== '' && numbers.length === 0 && (
          <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 0.5 }}>
            {t('style.noNumbers', { name: colorBy.property })}
          </Typography>
        )}
      </Box>
      <Box component="ul" aria-label={t('style.ranges')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {ranges.map((range, index) => (
          <Box
            component="li"
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
            key={index}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
          >
            <ColourInput
              label={t('style.colourOfRange', { index: index + 1 })}
              value={readColour(range.color) ?? fallbackColour}
              onChange={(hex) => set(ranges.map((r, i) => (i === index ? { ...r, color: paint(hex) } : r)))}
            />
            <RangeBound
              label={t('style.from')}
              value={range.min}
              onChange={(text) => bound(index, 'min', text)}
            />
            <RangeBound
              label={t('style.to')}
              value={range.max}
              onChange={(text) => bound(index, 'max', text)}
            />
            <IconButton
              size="small"
              aria-label={t('style.removeRange', { index: index + 1 })}
              onClick={() => set(ranges.filter((_, i) => i !== index))}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={ranges.length >= styleLimits.ranges}
          onClick={() => {
            const last = ranges[ranges.length - 1]?.max ?? 0;
            set([...ranges, { min: last, max: last, color: paint(rampColours(ramp, 1)[0] ?? '#000000') }]);
          }}
        >
          {t('style.addRange')}
        </Button>
      </Box>
    </Stack>
  );
}

/** A bound as typed ("-", "1." on the way to a number): the template takes it once it reads as one. */
function RangeBound({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (text: string) => void;
}) {
  // What was typed, for the value it left: a new value from elsewhere (Classify) shows instead.
  const [typed, setTyped] = useState<{ text: string; value: number } | null>(null);
  const shown = typed && typed.value === value ? typed.text : String(value);
  return (
    <TextField
      size="small"
      label={label}
      value={shown}
      onChange={(event) => {
        const text = event.target.value;
        const number = Number(text);
        setTyped({ text, value: text.trim() !== '' && Number.isFinite(number) ? number : value });
        onChange(text);
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
}
